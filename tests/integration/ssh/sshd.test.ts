// SPDX-License-Identifier: MIT
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPty } from '../support/pty-helpers';
import { type Sshd, sshdAvailable, startSshd } from '../support/sshd';

const run = promisify(execFile);

describe.skipIf(!sshdAvailable())('the sshd test fixture', () => {
  let sshd: Sshd;
  beforeAll(async () => {
    sshd = await startSshd();
  });
  afterAll(async () => {
    await sshd?.stop();
  });

  it('logs each test user into their own login shell', async () => {
    // In parallel: each login is a few hundred ms of key exchange, and sshd handles them concurrently.
    const shells = ['bash', 'zsh', 'fish', 'dash'] as const;
    const outputs = await Promise.all(
      shells.map((shell) => run('ssh', ['-o', 'BatchMode=yes', ...sshd.sshArgs(sshd.hosts[shell], 'echo ok-$USER; echo $SHELL; pwd')])),
    );
    shells.forEach((shell, index) => {
      expect(outputs[index]?.stdout).toBe(`ok-${sshd.users[shell]}\n${sshd.shells[shell]}\n/home/${sshd.users[shell]}\n`);
    });
  });

  it('reaches a prompt in an interactive login through a pty', async () => {
    const harness = startPty({ shell: '/usr/bin/ssh', args: ['-tt', ...sshd.sshArgs(sshd.hosts.bash)] });
    try {
      // Debian's skeleton .bashrc prompt, coloured because the pty says xterm-256color: user@host:~$
      await harness.waitFor(/ctbash@[^\r\n]*~[^\r\n]*\$ $/);
      harness.type('echo "interactive-$((6*7))"\r');
      await harness.waitFor('interactive-42');
      harness.type('exit\r');
      expect((await harness.exited()).exitCode).toBe(0);
    } finally {
      if (!harness.pty.exit) await harness.pty.kill();
    }
  });

  it('copies a file there and back with scp, byte for byte', async () => {
    const local = join(sshd.dir, 'scp-source');
    const back = join(sshd.dir, 'scp-back');
    // Same machine: the "remote" /tmp is ours too, so the name must not collide with other runs.
    const remote = `/tmp/contexterm-scp-${randomBytes(6).toString('hex')}`;
    const data = randomBytes(1024 * 1024);
    writeFileSync(local, data);
    try {
      await run('scp', ['-q', '-F', sshd.configFile, local, `${sshd.hosts.bash}:${remote}`]);
      await run('scp', ['-q', '-F', sshd.configFile, `${sshd.hosts.bash}:${remote}`, back]);
      expect(readFileSync(back).equals(data)).toBe(true);
    } finally {
      rmSync(remote, { force: true });
    }
  });
});
