// SPDX-License-Identifier: MIT
import type { Settings } from '../../shared/ipc/settings';
import { findRepositoryRoot } from '../context/project/agents-file';
import { Redactor } from '../context/redaction';
import { historyHandlers } from '../ipc/history-handlers';
import type { Recorder } from '../recorder/recorder';
import type { HistoryHandlerDeps } from '../ipc/history-handlers';
import type { Broadcast } from '../ipc/router';
import { policyFromSettings } from '../store/history/policy';
import type { Store } from '../store/store';

export interface HistoryWiringDeps {
  readonly store: Store;
  readonly recorder: Recorder;
  readonly settings: { readonly current: Settings; onChange(listener: (settings: Settings) => void): () => void };
  readonly forgetInMemory: (commandIds: readonly string[], sessionIds: readonly string[]) => void;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
  readonly screens?: HistoryHandlerDeps['screens'];
}

/**
 * Joins what the user controls about history to the parts that do it: the retention policy and
 * exclusions follow the settings; a recording failure reaches every window (and ends the running
 * commands as interrupted) instead of stderr; forgetting runs through the store and every copy.
 */
/** One redactor per redaction settings object (settings change as a whole, so a new object). */
const redactors = new WeakMap<Settings['redaction'], Redactor>();
const redactor = (settings: Settings): Redactor => {
  let found = redactors.get(settings.redaction);
  if (!found) redactors.set(settings.redaction, (found = new Redactor({ ...settings.redaction, enabled: true })));
  return found;
};

/**
 * The repository around a directory, remembered: asked on every keystroke at a prompt, and a
 * directory rarely becomes a repository while a terminal sits in it (a `git init` is seen after a restart).
 */
const repositories = (): ((cwd: string) => Promise<string | null>) => {
  const known = new Map<string, Promise<string | null>>();
  return (cwd) => {
    let root = known.get(cwd);
    if (!root) {
      if (known.size >= 256) known.clear();
      known.set(cwd, (root = findRepositoryRoot(cwd).catch(() => null)));
    }
    return root;
  };
};

export const wireHistory = (deps: HistoryWiringDeps) => {
  const { store, recorder, settings } = deps;
  const apply = (current: Settings) => {
    recorder.exclusion.update(current.history);
    store.tables.history
      .setPolicy(policyFromSettings(current.history))
      .catch((error: unknown) => deps.log(`store: retention policy: ${String(error)}`));
  };
  apply(settings.current);
  const unsubscribe = settings.onChange(apply);
  const offStatus = store.onStatus((status) => {
    if (status.state === 'failing') recorder.interruptRunning();
    deps.log(`store: ${status.message}${status.lostBytes > 0 ? ` (${status.lostBytes} bytes of output not saved)` : ''}`);
    deps.broadcast('history:status-changed', status);
  });
  const history = historyHandlers({
    store,
    recorder,
    forgetInMemory: deps.forgetInMemory,
    broadcast: deps.broadcast,
    log: deps.log,
    // The user's patterns as they are now, on even where the assistant's redaction is switched off.
    offerable: (line) => redactor(settings.current).redact(line).text === line,
    repositoryOf: repositories(),
    ...(deps.screens ? { screens: deps.screens } : {}),
  });
  return {
    handlers: history.handlers,
    /** Forgotten with undo and not yet erased: still in the store, but never offered again (quick fixes). */
    forgetPending: history.forgetPending,
    forgottenElsewhere: history.forgottenElsewhere,
    dispose: () => {
      unsubscribe();
      offStatus();
      // Forgets still in their undo window are erased now: shutdown posts the store's close after this.
      void history.flush();
    },
  };
};
