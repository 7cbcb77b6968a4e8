// SPDX-License-Identifier: MIT
import { join } from 'node:path';
import type { EventChannel, EventPayload } from '../../shared/ipc';
import type { Settings } from '../../shared/ipc/settings';
import type { SshNotice } from '../../shared/ipc/ssh';
import type { SshRequest } from '../segmenter/segment-event';
import { writeSshPrefs } from '../ssh/prefs-file';
import { SshProfilePlans, type SshPlan } from '../ssh/profile-plan';
import { createSshResponder, type SshResponder } from '../ssh/ssh-responder';

export interface SshWiringDeps {
  readonly settings: { readonly current: Settings; onChange(listener: (settings: Settings) => void): () => void };
  readonly dataDir: string;
  readonly integrationDir: string;
  readonly broadcast: <K extends EventChannel>(channel: K, payload: EventPayload<K>) => void;
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
  started: (sessionId: string, request: SshRequest) => void;
  notice: (notice: SshNotice) => void;
  profileLaunch: (args: readonly string[]) => SshPlan | undefined;
  /** Settles once the SSH-host profiles are planned for the current settings. */
  planned(): Promise<void>;
  dispose(): void;
} => {
  const prefsFile = join(deps.dataDir, 'ssh-integration-off');
  const plans = new SshProfilePlans(deps.integrationDir, prefsFile);
  let planned: Promise<void> = Promise.resolve();
  const apply = (current: Settings): void => {
    try {
      writeSshPrefs(prefsFile, current.ssh);
    } catch (error) {
      // Without the file every host counts as on: say so rather than fail the start.
      deps.log(`ssh: could not write ${prefsFile}: ${(error as Error).message}`);
    }
    planned = plans.refresh(current.profiles.list, deps.env());
  };
  apply(deps.settings.current);
  const dispose = deps.settings.onChange(apply);
  const notice = (value: SshNotice): void => deps.broadcast('ssh:notice', value);
  const respond = createSshResponder({ integrationDir: deps.integrationDir, notice, log: deps.log });
  const started = (sessionId: string, request: SshRequest): void =>
    deps.broadcast('ssh:notice', { sessionId, host: request.host, shell: request.shell, outcome: 'integrated' });
  return { prefsFile, respond, started, notice, profileLaunch: (args) => plans.launch(args), planned: () => planned, dispose };
};
