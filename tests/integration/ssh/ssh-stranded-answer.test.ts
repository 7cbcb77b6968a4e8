// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../electron/runtime/paths';
import { newNonce } from '../../../electron/segmenter/protocol/mark-codec';
import { integrationScript, remoteAnswer } from '../../../electron/ssh/remote-payload';
import { firstPrompt, startIntegratedPty } from '../support/pty-integrated';

/**
 * The hostile host of ssh-hostile.test.ts, step by step instead of by chance. The remote asked for
 * the integration and quit; ssh, in raw mode, read part of the answer, more of it (1538 bytes, as
 * traced) had arrived unread when ssh put the terminal back to cooked mode on its way out, and the
 * rest (2469 bytes, its final ^U included) arrived in cooked mode before ssh was gone. To the
 * kernel the unread raw part is then a complete line without a line break: the ^U kills only the
 * cooked part after it, and the shell's line editor then read that part as typed ahead of the next
 * line, which ran glued to 1538 bytes of base64 and was recorded so (1 run in 10 of ssh-hostile).
 */
const ID = 'c0123456789abcdef01234567';
const ANSWER = remoteAnswer(ID, newNonce(), integrationScript('bash', projectPath('resources/shell-integration'), ID));
const [UNREAD, COOKED] = [1538, 2469];
/** Less than the kernel's 4095-byte line is left: it all reaches the cooked tty (the failure traced). */
const SSH_READ = ANSWER.length - UNREAD - COOKED;
const ERRORS = /.{0,60}(not found|file name too long|no such file|parse error|syntax error).{0,60}/i;
const NEXT = `printf '%s-%s\\n' still here`;

/**
 * ssh, as traced: answers plan.sh's `ssh -G`; as `ssh -t`, reads SSH_READ bytes in raw mode, waits
 * until more has arrived unread (`read -t 0` only looks), puts the saved cooked mode back as ssh
 * does on its way out, and exits once the test writes `go` (after the tty has killed the rest).
 */
const fakeSsh = (go: string) => `#!/bin/bash
[ "$1" = -G ] && { echo 'host stranded'; exit 0; }
saved=$(stty -g)
stty raw -echo
printf 'ssh-raw\\r\\n'
dd bs=${SSH_READ} count=1 iflag=fullblock of=/dev/null status=none
until read -t 0; do :; done
stty "$saved"
printf 'ssh-cooked\\r\\n'
read -r _ < '${go}'
`;

const dir = mkdtempSync(join(tmpdir(), 'ct-stranded-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.each([['/usr/bin/zsh'], ['/bin/bash']])('%s: an ssh answer left unread when ssh went back to cooked mode', (shell) => {
  it('is dropped: the next line runs and is recorded as typed', async () => {
    const [bin, go] = [join(dir, shell.replaceAll('/', '_')), join(dir, `${shell.replaceAll('/', '_')}-go`)];
    mkdirSync(bin);
    execFileSync('mkfifo', [go]);
    writeFileSync(join(bin, 'ssh'), fakeSsh(go), { mode: 0o755 });
    const session = startIntegratedPty(shell);
    try {
      await firstPrompt(session);
      // Typed, not in the environment: a login bash's /etc/profile sets PATH again.
      await session.run(`PATH=${bin}:$PATH`);
      const prompts = session.count('prompt');
      session.type('ssh stranded\r');
      await session.waitFor('ssh-raw');
      session.type(ANSWER.slice(0, SSH_READ + UNREAD));
      await session.waitFor('ssh-cooked');
      const cooked = session.output().length;
      session.type(ANSWER.slice(SSH_READ + UNREAD));
      // The tty echoed the ^U's kill (ECHOKE): the whole answer is in, ssh may go.
      await expect.poll(() => session.output().slice(cooked).includes('\b \b'), { timeout: 10_000 }).toBe(true);
      await writeFile(go, 'go\n');
      await expect.poll(() => session.count('prompt'), { timeout: 10_000 }).toBeGreaterThan(prompts);

      const after = session.output().length;
      await session.run(NEXT);
      const starts = session.events.filter((event) => event.type === 'command-start');
      expect(starts.at(-1)).toMatchObject({ commandLine: NEXT });
      expect(ERRORS.exec(session.output().slice(after))?.[0]).toBeUndefined();
      expect(session.output().slice(after)).toMatch(/still-here\r?\n/);
    } finally {
      await session.close();
    }
  }, 30_000);
});
