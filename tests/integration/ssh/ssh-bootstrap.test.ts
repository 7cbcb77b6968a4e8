// SPDX-License-Identifier: MIT
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../electron/runtime/paths';
import { newNonce } from '../../../electron/segmenter/protocol/mark-codec';
import { bootstrapCommand, remoteAnswer } from '../../../electron/ssh/remote-payload';

/** Ctrl+U, as remote-payload.ts ends an answer with. */
const KILL_LINE = '\x15';
import { startPty } from '../support/pty-helpers';

/**
 * The remote bootstrap (resources/shell-integration/ssh/bootstrap.sh) on its own tty, as sshd
 * would run it but without ssh: this test plays the terminal, answering its request by typing.
 * Under dash (Debian's sh) and, where installed, busybox (sh, stty, dd, cat, base64 of a
 * router or an Alpine box). The "login shell" reports what is left unread on the tty.
 */
const ID = 'c0123456789abcdef01234567';
const BUSYBOX = '/usr/bin/busybox';
const dir = mkdtempSync(join(tmpdir(), 'ct-bootstrap-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const login = join(dir, 'login');
writeFileSync(
  login,
  '#!/bin/sh\nstty -icanon min 0 time 3\nprintf "login[%s]\\n" "$(dd bs=1 count=100 2>/dev/null | od -An -tx1 | tr -d " \\n")"\n',
  { mode: 0o755 },
);
/** What the answer's script does here: shows the nonce it got, then starts the login shell (lines: cut short, the first would still run). */
const SCRIPT = 'printf "nonce=%s\\n" "$n"\nrm -rf "$d"\nexec "$s" -l';

const busyboxPath = (): string => {
  const bin = join(dir, 'busybox');
  mkdirSync(bin, { recursive: true });
  for (const applet of ['sh', 'stty', 'dd', 'cat', 'base64', 'mktemp', 'rm', 'id', 'od', 'tr']) {
    if (!existsSync(join(bin, applet))) symlinkSync(BUSYBOX, join(bin, applet));
  }
  return `${bin}:${process.env.PATH}`;
};

const SHELLS = [
  { name: 'dash', path: () => process.env.PATH ?? '/usr/bin:/bin', skip: false },
  { name: 'busybox', path: busyboxPath, skip: !existsSync(BUSYBOX) },
];

/** The bootstrap on a fresh tty, started once `ahead` (if any) has been typed and echoed there. */
const start = async (path: string, ahead = '') => {
  const go = join(dir, `go-${Math.random().toString(36).slice(2)}`);
  const harness = startPty({
    shell: '/bin/sh',
    args: ['-c', `while [ ! -e ${go} ]; do sleep 0.01; done; ${bootstrapCommand(projectPath('resources/shell-integration'), ID)}`],
    env: { SHELL: login, PATH: path },
  });
  if (ahead) {
    harness.type(ahead);
    await harness.waitFor(ahead.trim());
  }
  writeFileSync(go, '');
  await harness.waitFor(new RegExp(`\\x1b\\]633;R;${login};[^;]*;${ID}\\x07`));
  return harness;
};

describe.each(SHELLS)('the ssh bootstrap under $name', ({ path, skip }) => {
  it.skipIf(skip)('drops what was typed before the answer, reads it by byte count, and not a byte past it', async () => {
    const harness = await start(path(), 'typed-ahead\r');
    try {
      const nonce = newNonce();
      // Typed while the request travels: skipped up to the answer's first byte.
      harness.type('late\r');
      // In one write with the answer: what the user types next belongs to the login shell.
      harness.type(`${remoteAnswer(ID, nonce, SCRIPT)}next`);
      await harness.waitFor(/login\[[0-9a-f]*\]/);
      expect(harness.output()).toContain(`nonce=${nonce}`);
      expect(harness.output()).not.toContain('could not start');
      // The lines typed before, the frame and its final ^U were read by the bootstrap; `next` was not.
      expect(harness.output()).toContain(`login[${Buffer.from('next').toString('hex')}]`);
    } finally {
      await harness.pty.kill();
    }
  });

  it.skipIf(skip)('falls back to the plain login shell on an answer for another id, reading the rest of it', async () => {
    const harness = await start(path());
    try {
      harness.type(remoteAnswer('c9999999999999999999999999', newNonce(), SCRIPT));
      await harness.waitFor(/login\[[0-9a-f]*\]/);
      expect(harness.output()).toContain('could not start here');
      expect(harness.output()).not.toContain('nonce=');
      expect(harness.output()).toContain('login[]');
    } finally {
      await harness.pty.kill();
    }
  });

  it.skipIf(skip)('never runs a cut-short answer: after 3 s without a byte it falls back', async () => {
    const harness = await start(path());
    try {
      // Two base64 quads are missing before the ^U: decoded, it would be a valid but truncated script.
      const answer = remoteAnswer(ID, newNonce(), SCRIPT);
      harness.type(`${answer.slice(0, -9)}${KILL_LINE}`);
      await harness.waitFor(/login\[[0-9a-f]*\]/, 10_000);
      expect(harness.output()).toContain('could not start here');
      expect(harness.output()).not.toContain('nonce=');
    } finally {
      await harness.pty.kill();
    }
  });
});
