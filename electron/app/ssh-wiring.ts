// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import type { Settings } from '../../shared/ipc/settings';
import type { SshNotice } from '../../shared/ipc/ssh';
import type { Broadcast } from '../ipc/router';
import { writeSshPrefs } from '../ssh/prefs-file';
import { SshProfilePlans, type SshPlan } from '../ssh/profile-plan';
import { createSshResponder, type SshResponder } from '../ssh/ssh-responder';

export interface SshWiringDeps {
  readonly settings: { readonly current: Settings; onChange(listener: (settings: Settings) => void): () => void };
  readonly dataDir: string;
  readonly integrationDir: string;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
  /** The environment profiles start with (their ssh config lookups see the same HOME and PATH). */
  readonly env: () => Record<string, string>;
}

/**
 * SSH integration for the recorder: the per-host choice mirrored into a file the local shells'
 * ssh helper reads (kept in step with Settings), and the responder that answers remote shells,
 * telling every window what happened.
 */
export const wireSsh = (
  deps: SshWiringDeps,
): {
  prefsFile: string;
  respond: SshResponder;
  notice: (notice: SshNotice) => void;
  profileLaunch: (args: readonly string[]) => SshPlan | undefined;
  dispose(): void;
} => {
  const prefsFile = join(deps.dataDir, 'ssh-integration-off');
  const plans = new SshProfilePlans(deps.integrationDir, prefsFile);
  const apply = (current: Settings): void => {
    try {
      writeSshPrefs(prefsFile, current.ssh);
    } catch (error) {
      // Without the file every host counts as on: say so rather than fail the start.
      deps.log(`ssh: could not write ${prefsFile}: ${(error as Error).message}`);
    }
    void plans.refresh(current.profiles.list, deps.env());
  };
  apply(deps.settings.current);
  const dispose = deps.settings.onChange(apply);
  const notice = (value: SshNotice): void => deps.broadcast('ssh:notice', value);
  const respond = createSshResponder({ integrationDir: deps.integrationDir, notice, log: deps.log });
  return { prefsFile, respond, notice, profileLaunch: (args) => plans.launch(args), dispose };
};
