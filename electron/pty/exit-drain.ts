// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';

/**
 * Linux flushes whatever the pty master has not yet read when the session leader exits, so a
 * fast-exiting child loses its last KBs (node-pty #726: 2–15 KB per run measured here). Every pty
 * therefore runs its program under this small POSIX-sh keeper as session leader: it runs the
 * program, prints a sentinel carrying a per-pty nonce, and waits until the host, having read up to
 * the sentinel (and so everything before it), answers with a newline. Only then does it exit.
 *
 * `trap : INT QUIT` keeps the keeper alive through a Ctrl+C meant for the program (a handler, not
 * an ignore, so the program still gets default signal dispositions). If the host is gone the read
 * fails at once on the hung-up tty; `time 255` (25.5 s) bounds a host that never answers.
 */
const KEEPER_SCRIPT = [
  'n=$CONTEXTERM_DRAIN_NONCE; unset CONTEXTERM_DRAIN_NONCE',
  'trap : INT QUIT',
  '"$@"; s=$?',
  'stty -echo -icanon min 1 time 255 2>/dev/null',
  "printf '\\033]777;contexterm-drain;%s\\007' \"$n\"",
  'read -r _',
  'exit $s',
].join('\n');

export interface KeeperLaunch {
  readonly file: string;
  readonly args: string[];
  readonly env: Record<string, string>;
  readonly sentinel: Buffer;
}

export const keeperLaunch = (file: string, args: readonly string[], env: Record<string, string>): KeeperLaunch => {
  const nonce = randomBytes(12).toString('hex');
  return {
    file: '/bin/sh',
    args: ['-c', KEEPER_SCRIPT, 'contexterm', file, ...args],
    env: { ...env, CONTEXTERM_DRAIN_NONCE: nonce },
    sentinel: Buffer.from(`\x1b]777;contexterm-drain;${nonce}\x07`, 'latin1'),
  };
};

/**
 * Finds the sentinel in the output stream, even split across reads, and holds back a trailing
 * partial match so the sentinel never reaches the recorder or the renderer.
 */
export class SentinelScanner {
  private _held: Buffer | undefined;
  private _found = false;

  constructor(private readonly _sentinel: Buffer) {}

  get found(): boolean {
    return this._found;
  }

  /** Returns the bytes to pass on; sets `found` when the sentinel has been consumed. */
  scan(chunk: Buffer): Buffer {
    if (this._found) return chunk;
    const data = this._held ? Buffer.concat([this._held, chunk]) : chunk;
    this._held = undefined;
    const at = data.indexOf(this._sentinel);
    if (at >= 0) {
      this._found = true;
      const after = data.subarray(at + this._sentinel.length);
      return after.length === 0 ? data.subarray(0, at) : Buffer.concat([data.subarray(0, at), after]);
    }
    const keep = this._partialSuffix(data);
    if (keep === 0) return data;
    this._held = Buffer.from(data.subarray(data.length - keep));
    return data.subarray(0, data.length - keep);
  }

  /** Bytes held back that turned out not to be the sentinel (at EOF). */
  flushHeld(): Buffer | undefined {
    const held = this._held;
    this._held = undefined;
    return held;
  }

  private _partialSuffix(data: Buffer): number {
    const first = this._sentinel[0]!;
    const from = Math.max(0, data.length - this._sentinel.length + 1);
    for (let i = data.indexOf(first, from); i !== -1; i = data.indexOf(first, i + 1)) {
      const tail = data.subarray(i);
      if (this._sentinel.subarray(0, tail.length).equals(tail)) return tail.length;
    }
    return 0;
  }
}
