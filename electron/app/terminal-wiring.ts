// SPDX-License-Identifier: MIT
import type { Settings } from '../../shared/ipc/settings';
import { ptyHandlers } from '../ipc/pty-handlers';
import type { Broadcast, Client } from '../ipc/router';
import { closeOnExit } from '../pty/close-on-exit';
import { watchForeground } from '../pty/foreground-watch';
import type { MirrorFactory } from '../pty/mirror-protocol';
import { shellEnvironment } from '../pty/node-pty-host';
import { PtyManager } from '../pty/pty-manager';
import type { PtyHost } from '../pty/types';
import type { Recorder } from '../recorder/recorder';
import { AFTER_BURST, IdleRelease } from '../runtime/idle-release';
import { keepScreens } from './screen-keeper';
import { terminalLauncher } from './terminal-launcher';

export interface TerminalWiringDeps {
  readonly settings: { readonly current: Settings };
  readonly recorder: Recorder;
  readonly host: PtyHost;
  /** Where each terminal's screen mirror runs (the MirrorHost's worker). */
  readonly mirrors: MirrorFactory;
  /** The shell when Settings → Terminal names none. */
  readonly fallbackShell: () => string;
  /** The store's key-value table, where kept screens wait for the next start. */
  readonly kv: { get(key: string): Promise<string | undefined>; set(key: string, value: string): Promise<void> };
  /** The renderers connected now: an open or close is told to every one but the window that did it. */
  readonly clients: ReadonlySet<Client>;
  readonly broadcast: Broadcast;
  readonly log: (message: string) => void;
}

/**
 * The live terminals and everything that follows each one: the launcher (the only way one starts),
 * the keeper of their screens for the next start, closing on exit, the foreground watch, and the
 * `pty:*` handlers. What any of them keeps for a terminal goes when it closes (PtyObserver.closed).
 */
export const wireTerminals = (deps: TerminalWiringDeps) => {
  const { settings, recorder, broadcast } = deps;
  const ptys = new PtyManager(deps.host, recorder.tapFor, deps.mirrors);
  const onClosed = (listener: (id: string) => void): void => void ptys.observe({ closed: listener });
  const launcher = terminalLauncher({ settings, fallbackShell: deps.fallbackShell, env: shellEnvironment, recorder, ptys });
  // What each recorded terminal shows, kept for the next start's restore: never a private one's,
  // nor one whose recording is paused (what it shows now was asked not to be kept).
  const screens = keepScreens({
    keepable: () =>
      ptys
        .list()
        .filter((p) => !p.exit && recorder.recording(p.id) === 'on')
        .map((p) => p.id),
    written: (id) => ptys.writtenBy(id),
    screen: (id, keep) => ptys.keepableScreen(id, keep),
    kv: deps.kv,
    onClosed,
    log: deps.log,
  });
  // A line kept out of the record is on that terminal's screen: as with a pause, its kept screen
  // goes now and is never kept again (its restore shows the recorded output, which never held it).
  recorder.on('excluded', (id) => void screens.unkeep([id]));
  const handlers = ptyHandlers({
    ptys,
    open: (request) => launcher.open(request),
    profileOf: (id) => launcher.profileOf(id),
    announce: (event, id, except) => {
      for (const client of deps.clients) if (client !== except) client.emit(event, { id });
    },
    // Main's word on privacy, kept until the terminal closes (the recorder forgets a session when its shell ends).
    recording: (id) => (launcher.isPrivate(id) ? 'private' : recorder.recording(id)),
    setPaused: (id, paused) => {
      // Pausing means "don't keep this": its kept screen goes now, and what it shows from here on
      // (unrecorded output, lines from before) is never kept again, resumed or not.
      if (paused) void screens.unkeep([id]);
      return recorder.setPaused(id, paused);
    },
    recordingChanged: (id, recording) => broadcast('pty:recording-changed', { id, recording }),
  });
  // A shell that exits closes its pane in every window (unless the setting keeps it).
  const stopClosing = closeOnExit(
    ptys,
    () => settings.current.terminal.onExit,
    (id) => broadcast('pty:closed', { id }),
  );
  // Tab titles name the program in the foreground, which only the kernel knows.
  const stopForeground = watchForeground(ptys, (id, process) => broadcast('pty:foreground', { id, process }));
  // A flood leaves this thread's heap sized for it, and a closed terminal leaves its buffers as
  // garbage: both are given back once the output has been quiet for a moment.
  const release = new IdleRelease(AFTER_BURST);
  const stopReleasing = ptys.observe({
    bytes: (_id, direction, bytes) => direction === 1 && release.note(bytes.length),
    closed: () => release.note(Infinity),
  });
  return {
    ptys,
    launcher,
    screens,
    handlers,
    /** Stops the watching (the foreground's timer first); the terminals stay until `ptys.killAll()`. */
    dispose: () => {
      stopForeground();
      stopClosing();
      stopReleasing();
      release.dispose();
      launcher.dispose();
    },
  };
};
