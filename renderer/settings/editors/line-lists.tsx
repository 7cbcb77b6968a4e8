// SPDX-License-Identifier: MIT
import { Field } from '../fields/field';
import { patternErrors } from '../form/history-form';
import type { SectionProps } from '../form/settings-form';

/* Settings that are lists edited as text, one item a line; the form turns them into lists (form/). */

/** `history.excludePatterns`: one RE2 pattern a line; each error names the line it is on. */
export const HistoryPatterns = ({ draft, errors, update }: SectionProps) => {
  const text = draft.history.excludePatterns;
  const badPatterns = patternErrors(errors, text);
  return (
    <Field
      label="Don't record commands matching (one RE2 pattern per line)"
      hint="A command line that any of them matches is not recorded, e.g. ^vault\s or token="
      error={badPatterns.length > 0 ? badPatterns.join('\n') : undefined}
    >
      {(a11y) => (
        <textarea
          {...a11y}
          className="pattern-lines"
          data-testid="history-exclude-patterns"
          rows={3}
          spellCheck={false}
          value={text}
          onChange={(event) => update((d) => ({ ...d, history: { ...d.history, excludePatterns: event.target.value } }))}
        />
      )}
    </Field>
  );
};

/** `ssh.offHosts`: the hosts the integration stays off for, one per line. */
export const SshHosts = ({ draft, errors, update }: SectionProps) => {
  const hostError = Object.entries(errors).find(([path]) => path.startsWith('ssh.offHosts'))?.[1];
  return (
    <Field label="Not on these hosts (one per line, as you type them after ssh)" error={hostError}>
      {(field) => (
        <textarea
          {...field}
          rows={3}
          spellCheck={false}
          data-testid="ssh-off-hosts"
          value={draft.ssh.offHosts}
          onChange={(event) => update((d) => ({ ...d, ssh: { ...d.ssh, offHosts: event.target.value } }))}
        />
      )}
    </Field>
  );
};
