// SPDX-License-Identifier: MIT
import { Field } from '../fields/field';
import type { SectionProps } from '../form/section-props';

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
