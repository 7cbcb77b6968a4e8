// SPDX-License-Identifier: MIT
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TerminalSnapshot } from '../../shared/ipc/pty';
import { plantedFaults, tripFault } from '../runtime/test-faults';
import { AFTER_BURST, IdleRelease } from '../runtime/idle-release';
import { answerMemoryProbes, isMemoryProbe } from '../runtime/thread-memory';
import { MIRROR_LOST_NOTICE, type MirrorReply, type MirrorRequest } from './mirror-protocol';
import { ScreenMirror } from './screen-mirror';

/**
 * Parses every pty's output into its headless screen, off the main thread: at full `cat` speed the
 * parse costs about as much as everything else on the pty path together, and on the main thread
 * it would sit between a keystroke and its echo.
 */
if (!parentPort) throw new Error('mirror-worker must run in a worker thread');

/**
 * The mirror only matters when a window attaches; keystrokes, echo and recording matter now. On
 * Linux a thread is a task with its own nice value, so this thread yields the CPU to them under
 * load (its backlog is bounded by the pty manager either way). Elsewhere it is left as it is.
 */
const lowerPriority = () => {
  try {
    const tid = Number(/task\/(\d+)$/.exec(readlinkSync('/proc/thread-self'))?.[1]);
    if (Number.isInteger(tid)) setPriority(tid, 10);
  } catch {
    // Not Linux, or not permitted: run at normal priority.
  }
};
lowerPriority();
const port = parentPort;
const mirrors = new Map<string, ScreenMirror>();
const faults = plantedFaults('mirror');
answerMemoryProbes(port, 'screen mirror');
// What a flood queued here is garbage once parsed, and a closed terminal's buffers with it.
const release = new IdleRelease(AFTER_BURST);

port.on('message', (message: MirrorRequest) => {
  if (isMemoryProbe(message)) return;
  const mirror = mirrors.get(message.id);
  switch (message.t) {
    case 'open': {
      mirror?.dispose();
      const opened = new ScreenMirror(message.cols, message.rows);
      // Not acknowledged: main never counted it, it is not part of the pty's stream.
      if (message.lost) opened.write(MIRROR_LOST_NOTICE);
      return void mirrors.set(message.id, opened);
    }
    case 'write':
      if (faults.length > 0) tripFault(faults, message.data);
      release.note(message.data.length);
      // Acknowledged once parsed, so main can hold a flood back instead of queueing without bound.
      return mirror?.write(message.data, () =>
        port.postMessage({ t: 'parsed', id: message.id, chars: message.data.length } satisfies MirrorReply),
      );
    case 'restore':
      return mirror?.restore(message.snapshot, () =>
        port.postMessage({ t: 'parsed', id: message.id, chars: message.snapshot.data.length } satisfies MirrorReply),
      );
    case 'mark':
      return mirror?.mark(message.mark);
    case 'resize':
      return mirror?.resize(message.cols, message.rows);
    case 'snapshot': {
      const reply = (snapshot: TerminalSnapshot | null) =>
        port.postMessage({ t: 'snapshot', request: message.request, snapshot } satisfies MirrorReply);
      if (!mirror) return reply(null);
      return void mirror.snapshot(message.keep).then(reply);
    }
    case 'close':
      release.note(Infinity);
      mirror?.dispose();
      return void mirrors.delete(message.id);
  }
});
