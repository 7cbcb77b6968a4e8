// SPDX-License-Identifier: MIT
import type { SshDraft } from '../ssh/ssh-form';
import { CheckField, Field } from './field';
import type { SectionProps } from './section-props';

/** SSH integration: on for every host by default, off for all or for the hosts listed. */
export const SshSection = ({ draft, errors, update }: SectionProps) => {
  const s = draft.ssh;
  const set = (patch: Partial<SshDraft>) => update((d) => ({ ...d, ssh: { ...d.ssh, ...patch } }));
  const hostError = Object.entries(errors).find(([path]) => path.startsWith('ssh.offHosts'))?.[1];
  return (
    <section className="settings-section" id="settings-ssh" aria-labelledby="settings-ssh-title">
      <h3 id="settings-ssh-title">SSH</h3>
      <CheckField
        label="Record commands on hosts you ssh into (an interactive `ssh host` gets Contexterm's shell integration)"
        checked={s.integration}
        testId="ssh-integration"
        onValue={(integration) => set({ integration })}
      />
      <Field label="Not on these hosts (one per line, as you type them after ssh)" error={hostError}>
        {(field) => (
          <textarea {...field} rows={3} spellCheck={false} data-testid="ssh-off-hosts" value={s.offHosts} onChange={(event) => set({ offHosts: event.target.value })} />
        )}
      </Field>
      <p className="field-hint">
        The integration travels over the connection when the remote login shell (bash, zsh or fish) starts, lives in a private
        temporary directory that the shell deletes at start-up, and leaves nothing on the host. <code>ssh host command</code>, scp,
        rsync and git are never touched.
      </p>
    </section>
  );
};
