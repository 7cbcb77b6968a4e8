// SPDX-License-Identifier: MIT
import { Field } from '../fields/field';
import type { SectionProps } from '../form/settings-form';

/** The read-only commands that may run unasked when the allow-list is on. */
export const AgentAutoRunCommands = ({ draft, errors, update }: SectionProps) => {
  const problem = Object.entries(errors).find(([path]) => path.startsWith('agent.autoRunCommands'));
  const line = problem && /\.(\d+)$/.exec(problem[0]);
  return (
    <Field
      label="Read-only commands that may run unasked (one a line: a command and its first words)"
      hint="A line allows the commands that start with its words: npm ls also allows npm ls --depth 0. find never runs unasked with -exec or -delete, git never runs unasked."
      error={problem ? `${line ? `line ${Number(line[1]) + 1}: ` : ''}${problem[1]}` : undefined}
    >
      {(a11y) => (
        <textarea
          {...a11y}
          className="pattern-lines"
          data-testid="agent-auto-run-commands"
          rows={6}
          spellCheck={false}
          value={draft.agent.autoRunCommands}
          onChange={(event) => update((d) => ({ ...d, agent: { ...d.agent, autoRunCommands: event.target.value } }))}
        />
      )}
    </Field>
  );
};
