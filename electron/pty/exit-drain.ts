// SPDX-License-Identifier: MIT
import { randomBytes } from 'node:crypto';
import { writeSecret } from './secret-file';

/**
 * Linux flushes whatever the pty master has not yet read when the session leader exits, so a
 * fast-exiting child loses its last KBs (node-pty #726: 2–15 KB per run measured here). Every pty
 * therefore runs its program under this small POSIX-sh keeper as session leader: it runs the
 * program, prints a sentinel carrying a per-pty nonce, and waits until the host, having read up to
 * the sentinel (and so everything before it), releases it with SIGUSR1. Only then does it exit.
 *
 * The handshake cannot be driven from the output: the nonce comes in a private file the keeper
 * deletes before the program starts (see secret-file.ts), the host acts on a sentinel only once the
 * keeper has no child left (node-pty-host.ts), and the answer is a signal, never terminal input a
 * live program could read. `trap : INT QUIT USR1` keeps the keeper alive through a Ctrl+C meant
 * for the program and through a release sent too early (which would end the keeper, and so hang
 * up the tab); handlers, not ignores, so the program still starts with default dispositions. Only
 * once the program is done does USR1 mean `exit`.
 *
 * The wait is bounded: with `min 0 time N` every read returns after N tenths of a second without
 * input (with `min 1` the timer only starts after a first byte, so an idle wait never ends), a
 * hung-up tty (host gone) ends it at once, and if stty fails the keeper does not wait at all.
 */
const keeperScript = (waitTenths: number): string =>
  [
    'f=$CONTEXTERM_DRAIN_FILE n=',
    'unset CONTEXTERM_DRAIN_FILE',
    'if [ -r "$f" ]; then read -r n < "$f"; rm -f -- "$f" 2>/dev/null; fi',
    'trap : INT QUIT USR1',
    '"$@"; s=$?',
    "trap 'exit $s' USR1",
    `if [ -n "$n" ] && stty -echo -icanon min 0 time ${waitTenths} 2>/dev/null; then`,
    '  printf \'\\033]777;contexterm-drain;%s\\007\' "$n"',
    '  while read -r _; do :; done',
    'fi',
    'exit $s',
  ].join('\n');

/** 25.5 s, termios' longest: a host paused by flow control still gets that long to catch up. */
const DEFAULT_WAIT_TENTHS = 255;

export interface KeeperOptions {
  /** Longest wait, in tenths of a second (1–255), for the host's release after no input. */
  readonly waitTenths?: number;
}

export interface KeeperLaunch {
  readonly file: string;
  readonly args: string[];
  readonly env: Record<string, string>;
  readonly sentinel: Buffer;
}

export const keeperLaunch = (
  file: string,
  args: readonly string[],
  env: Record<string, string>,
  options: KeeperOptions = {},
): KeeperLaunch => {
  const waitTenths = options.waitTenths ?? DEFAULT_WAIT_TENTHS;
  if (!Number.isInteger(waitTenths) || waitTenths < 1 || waitTenths > 255) throw new RangeError('keeper: waitTenths must be 1–255');
  const nonce = randomBytes(12).toString('hex');
  const { CONTEXTERM_DRAIN_FILE: _inherited, ...rest } = env;
  return {
    file: '/bin/sh',
    args: ['-c', keeperScript(waitTenths), 'contexterm', file, ...args],
    env: { ...rest, CONTEXTERM_DRAIN_FILE: writeSecret(nonce) },
    sentinel: Buffer.from(`\x1b]777;contexterm-drain;${nonce}\x07`, 'latin1'),
  };
};

export interface SentinelScan {
  /** The bytes to pass on, every sentinel removed. */
  readonly bytes: Buffer;
  /** How many sentinels this chunk completed; the host decides whether any of them is genuine. */
  readonly sentinels: number;
}

/**
 * Finds the sentinel in the output stream, even split across reads, and holds back a trailing
 * partial match so the sentinel never reaches the recorder or the renderer. It keeps scanning
 * after a match: a copy the host rejected must not stop it from seeing the keeper's own.
 */
export class SentinelScanner {
  private _held: Buffer | undefined;

  constructor(private readonly _sentinel: Buffer) {}

  scan(chunk: Buffer): SentinelScan {
    const data = this._held ? Buffer.concat([this._held, chunk]) : chunk;
    this._held = undefined;
    const parts: Buffer[] = [];
    let from = 0;
    for (let at = data.indexOf(this._sentinel); at >= 0; at = data.indexOf(this._sentinel, from)) {
      parts.push(data.subarray(from, at));
      from = at + this._sentinel.length;
    }
    const sentinels = parts.length;
    // Only what follows the last sentinel may start the next one: removing a sentinel must not
    // join the bytes around it into a new one.
    const rest = from === 0 ? data : data.subarray(from);
    const keep = this._partialSuffix(rest);
    if (keep > 0) this._held = Buffer.from(rest.subarray(rest.length - keep));
    parts.push(keep > 0 ? rest.subarray(0, rest.length - keep) : rest);
    return { bytes: parts.length === 1 ? parts[0]! : Buffer.concat(parts), sentinels };
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
