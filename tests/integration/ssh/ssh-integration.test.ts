// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../electron/runtime/paths';
import { bootstrapCommand } from '../../../electron/ssh/remote-payload';
import { startServer, type AppServer } from '../../e2e/support/app';
import { Terminal } from '../support/host-terminal';
import { HostClient } from '../support/host-ws-client';
import { startSshd, sshdAvailable, type Sshd } from '../support/sshd';

interface Record {
  id: string;
  commandLine: string | null;
  cwd: string | null;
  hostname: string | null;
  exitCode: number | null;
  outputSummary: string;
  remote?: { host: string; user: string | null };
}
interface Notice {
  host: string;
  shell: string;
  outcome: 'integrated' | 'unsupported';
}

/** A command line that prints `<word>-ok` in any shell (fish has no `$((…))`); its echo does not. */
const say = (word: string) => `printf '%s-%s\\n' ${word} ok`;
const said = (word: string) => new RegExp(`${word}-ok`);

/** Anything shaped like one of our nonces (newNonce: `Q` + 32 hex digits). */
const NONCE_SHAPE = /Q[0-9a-f]{32}/;

let sshd: Sshd | undefined;
let server: AppServer | undefined;
let client: HostClient | undefined;

beforeAll(async () => {
  if (sshdAvailable()) sshd = await startSshd();
}, 30_000);
afterAll(async () => sshd?.stop());
afterEach(async () => {
  client?.close();
  await server?.stop();
  server = client = undefined;
});

/** Browser mode with `shell` as the user's shell, and the notices its windows get. */
const open = async (shell = '/bin/bash') => {
  server = await startServer({ env: { SHELL: shell } });
  client = await HostClient.connect(server.origin, server.token);
  const notices: Notice[] = [];
  client.on((channel, payload) => channel === 'ssh:notice' && notices.push(payload as Notice));
  const terminal = await Terminal.open(client);
  await terminal.run(say('ready'), said('ready'));
  return { terminal, notices, client };
};

/** `ssh <host>` typed at the prompt; resolves once the remote shell runs commands. */
const login = async (terminal: Terminal, notices: Notice[], host: string, outcome: Notice['outcome'] = 'integrated') => {
  const before = notices.length;
  terminal.client.send('pty:input', { id: terminal.id, data: `ssh -F ${sshd!.configFile} ${host}\r` });
  // Typed before the answer, a line would be read (and dropped) by the bootstrap: wait for it.
  await expect.poll(() => notices.slice(before).find((n) => n.host === host)?.outcome, { timeout: 20_000 }).toBe(outcome);
  await terminal.run(say('in'), said('in'));
};

const remoteRecords = async (terminal: Terminal): Promise<Record[]> =>
  ((await terminal.commands()) as unknown as Record[]).filter((r) => r.remote);

describe.skipIf(!sshdAvailable())('ssh integration against a real sshd on 127.0.0.1', () => {
  for (const [local, remote] of [
    ['/bin/bash', 'bash'],
    ['/usr/bin/zsh', 'fish'],
    ['/usr/bin/fish', 'zsh'],
  ] as const) {
    it(`records commands run in ${remote} over ssh from ${local} with their host, user, cwd and exit codes, then local ones again`, async () => {
      const { terminal, notices } = await open(local);
      const host = sshd!.hosts[remote];
      const user = sshd!.users[remote];
      await login(terminal, notices, host);
      // Its integration files are gone from the host once the shell is up.
      expect(spawnSync('find', ['/tmp', '-maxdepth', '1', '-user', user, '-name', 'ct.*'], { encoding: 'utf8' }).stdout).toBe('');
      await terminal.run(`cd /tmp; ${say('moved')}`, said('moved'));
      await terminal.run(`ls /nonexistent-dir; ${say('listed')}`, said('listed'));
      await terminal.run('false', /\n/);
      await terminal.run('exit', /\n/);
      await terminal.run(say('home'), said('home'));

      await expect.poll(async () => (await terminal.commands()).at(-1)?.commandLine, { timeout: 10_000 }).toBe(say('home'));
      const records = (await terminal.commands()) as unknown as Record[];
      const byLine = (line: string) => records.find((r) => r.commandLine === line);
      expect(byLine(say('in'))).toMatchObject({
        remote: { host, user },
        cwd: `/home/${user}`,
        hostname: hostname(),
        exitCode: 0,
        outputSummary: 'in-ok\n',
      });
      expect(byLine(`cd /tmp; ${say('moved')}`)).toMatchObject({ remote: { host, user }, exitCode: 0 });
      expect(byLine(`ls /nonexistent-dir; ${say('listed')}`)).toMatchObject({ remote: { host }, cwd: '/tmp', exitCode: 0 });
      expect(byLine('false')).toMatchObject({ remote: { host }, cwd: '/tmp', exitCode: 1 });
      // The local command that ran ssh ends with ssh's status; the local record after it is local again.
      expect(byLine(`ssh -F ${sshd!.configFile} ${host}`)).toMatchObject({ exitCode: 1 });
      expect(byLine(`ssh -F ${sshd!.configFile} ${host}`)?.remote).toBeUndefined();
      expect(byLine(say('home'))?.remote).toBeUndefined();
      expect(byLine(say('home'))?.cwd).not.toBe('/tmp');
      // search finds remote output like local output, with its origin
      const found = (await terminal.client.invoke<{ commands: Record[] }>('commands:search', { query: 'listed' })).commands.find(
        (r) => r.commandLine?.startsWith('ls /nonexistent') && r.remote?.host === host,
      );
      expect(found?.remote).toEqual({ host, user });
    });
  }

  it('leaves no nonce on the remote command line, process list or environment, and no files', async () => {
    const { terminal, notices } = await open();
    await login(terminal, notices, sshd!.hosts.bash);
    const processes = spawnSync('ps', ['-eo', 'user,args', '--no-headers'], { encoding: 'utf8' }).stdout;
    expect(processes).toContain('ctbash');
    expect(processes).not.toMatch(NONCE_SHAPE);
    for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
      let environ = '';
      try {
        environ = readFileSync(`/proc/${pid}/environ`, 'latin1');
      } catch {
        continue; // gone meanwhile
      }
      expect(environ, `/proc/${pid}/environ`).not.toMatch(NONCE_SHAPE);
    }
    // The integration's private directory is gone once the shell has started.
    const left = spawnSync('find', ['/tmp', '-maxdepth', '1', '-user', 'ctbash', '-name', 'ct.*'], { encoding: 'utf8' }).stdout;
    expect(left).toBe('');
    // The shell holds the nonce only in memory; printing its variables shows it redacted.
    await terminal.run('set | grep -c __contexterm_nonce=; echo vars-$((5+5))', /vars-10/);
    expect(terminal.output).not.toMatch(NONCE_SHAPE);
    await terminal.run('exit', /\n/);
    // Nor did the answer typed to the remote (it bypasses the input recorder) reach the database.
    await terminal.client.invoke('history:free-space', {});
    for (const suffix of ['', '-wal']) {
      const path = join(server!.dataDir, `contexterm.db${suffix}`);
      if (existsSync(path)) expect(readFileSync(path, 'latin1'), path).not.toMatch(NONCE_SHAPE);
    }
  });

  it('falls back to a plain session, with a notice, where the login shell is not bash, zsh or fish', async () => {
    const { terminal, notices } = await open();
    await login(terminal, notices, sshd!.hosts.dash, 'unsupported');
    expect(notices.at(-1)).toMatchObject({ host: 'ct-dash', shell: '/bin/dash' });
    await terminal.run('echo dash-$((4+4))', /dash-8/);
    await terminal.run('exit', /\n/);
    await terminal.run('echo after-$((1+8))', /after-9/);
    await expect.poll(async () => (await terminal.commands()).at(-1)?.commandLine, { timeout: 10_000 }).toBe('echo after-$((1+8))');
    expect(await remoteRecords(terminal)).toEqual([]);
    // As before: the whole remote session is the output of the one ssh command.
    const ssh = ((await terminal.commands()) as unknown as Record[]).find((r) => r.commandLine?.startsWith('ssh '));
    expect(ssh?.outputSummary).toContain('dash-8');
  });

  it('falls back to the plain login shell, cleaned up, when the terminal never answers', async () => {
    const { terminal, notices } = await open();
    // The bootstrap as our ssh function sends it, but run by hand: no ssh mark announced its id,
    // so the terminal ignores the request, as it would a lost one.
    const file = join(mkdtempSync(join(tmpdir(), 'ct-boot-')), 'remote');
    writeFileSync(file, bootstrapCommand(projectPath('resources/shell-integration'), 'c0123456789abcdef01234567'));
    const started = Date.now();
    await terminal.run(`command ssh -t -F ${sshd!.configFile} ct-bash "$(cat ${file})"`, /could not start here/);
    const waited = Date.now() - started;
    await terminal.run(say('fallback'), said('fallback'));
    expect(waited).toBeLessThan(6_000);
    expect(notices).toEqual([]);
    expect(spawnSync('find', ['/tmp', '-maxdepth', '1', '-user', 'ctbash', '-name', 'ct.*'], { encoding: 'utf8' }).stdout).toBe('');
    await terminal.run('exit', /\n/);
  });

  it('types nothing into the local shell when a hostile remote asks and quits', async () => {
    // The remote's startup file answers our bootstrap's question itself and ends the session: the
    // request arrives as ssh exits, when typing the answer would feed the local shell.
    const bashrc = '/home/ctbash/.bashrc';
    const original = readFileSync(bashrc, 'utf8');
    const hostile = `if [ -n "\${BASH_EXECUTION_STRING-}" ]; then id=\${BASH_EXECUTION_STRING##* }; printf '\\033]633;R;/bin/bash;evil;%s\\007' "$id"; exit 0; fi\n`;
    writeFileSync(bashrc, hostile + original);
    try {
      const { terminal, notices } = await open();
      await terminal.run(`ssh -F ${sshd!.configFile} ct-bash; ${say('back')}`, said('back'));
      await terminal.run(say('alive'), said('alive'));
      const records = (await terminal.commands()) as unknown as Record[];
      expect(records.map((r) => r.commandLine)).toEqual([say('ready'), `ssh -F ${sshd!.configFile} ct-bash; ${say('back')}`, say('alive')]);
      expect(notices.filter((n) => n.outcome === 'integrated')).toEqual([]);
      await terminal.client.invoke('history:free-space', {});
      expect(readFileSync(join(server!.dataDir, 'contexterm.db'), 'latin1')).not.toMatch(NONCE_SHAPE);
    } finally {
      writeFileSync(bashrc, original);
    }
  });

  it('says so, with the way out, when the host runs no shell for the bootstrap (a device, a menu)', async () => {
    // Like a router's CLI: any command is refused. Plain logins are untouched by this.
    const bashrc = '/home/ctbash/.bashrc';
    const original = readFileSync(bashrc, 'utf8');
    writeFileSync(bashrc, `if [ -n "\${BASH_EXECUTION_STRING-}" ]; then echo '% Invalid input detected'; exit 1; fi\n${original}`);
    try {
      const { terminal, notices } = await open();
      await terminal.run(`ssh -F ${sshd!.configFile} ct-bash; ${say('back')}`, said('back'));
      await expect.poll(() => notices.at(-1)).toMatchObject({ host: 'ct-bash', outcome: 'no-shell' });
      expect(terminal.output).toContain('Invalid input detected');
    } finally {
      writeFileSync(bashrc, original);
    }
  });

  it('leaves ssh with a command, -T, piped input, scp and git byte-identical', async () => {
    const { terminal, notices } = await open();
    const cfg = sshd!.configFile;
    const plain = (args: string[], input?: string) => spawnSync('ssh', ['-F', cfg, ...args], { input, encoding: 'latin1' });
    const baseline = plain(['ct-bash', 'printf "a\\001b\\r\\n"; cat /etc/os-release; exit 7']);
    expect(baseline.status).toBe(7);
    // Run from the integrated prompt (through our ssh function) into a file, then compared byte for byte.
    await terminal.run(
      `ssh -F ${cfg} ct-bash 'printf "a\\001b\\r\\n"; cat /etc/os-release; exit 7' > /tmp/ct-ssh-cmd.out; echo rc-$?-done`,
      /rc-7-done/,
    );
    expect(readFileSync('/tmp/ct-ssh-cmd.out', 'latin1')).toBe(baseline.stdout);
    await terminal.run(`ssh -F ${cfg} ct-bash true; echo true-rc-$?-done`, /true-rc-0-done/);
    await terminal.run(`ssh -T -F ${cfg} ct-bash <<< 'echo tee-$((3+4))' > /tmp/ct-ssh-t.out; echo t-done-$((1+1))`, /t-done-2/);
    expect(readFileSync('/tmp/ct-ssh-t.out', 'latin1')).toBe(plain(['-T', 'ct-bash'], 'echo tee-$((3+4))\n').stdout);
    await terminal.run(`echo piped-$((6+6)) | ssh -F ${cfg} ct-bash cat; echo p-done-$((2+1))`, /piped-12[\s\S]*p-done-3/);
    // scp and git run the ssh binary themselves: the shell function never sees them.
    spawnSync('sh', ['-c', 'head -c 300000 /dev/urandom > /tmp/ct-scp-src.bin']);
    await terminal.run(
      `scp -q -F ${cfg} /tmp/ct-scp-src.bin ct-bash:/tmp/ct-scp-mid.bin && scp -q -F ${cfg} ct-bash:/tmp/ct-scp-mid.bin /tmp/ct-scp-back.bin; echo scp-rc-$?`,
      /scp-rc-0/,
    );
    expect(readFileSync('/tmp/ct-scp-back.bin').equals(readFileSync('/tmp/ct-scp-src.bin'))).toBe(true);
    expect(plain(['ct-bash', 'rm -rf r.git && git init -q --bare r.git']).status).toBe(0);
    const git = (args: string) => spawnSync('sh', ['-c', `GIT_SSH_COMMAND="ssh -F ${cfg}" git ${args}`], { encoding: 'utf8' });
    spawnSync('sh', [
      '-c',
      'rm -rf /tmp/ct-git-a /tmp/ct-git-b && git init -q /tmp/ct-git-a && cd /tmp/ct-git-a && printf "one\\n" > f && git add f && git -c user.name=t -c user.email=t@t commit -qm one',
    ]);
    expect(git('-C /tmp/ct-git-a push -q ct-bash:r.git HEAD:refs/heads/master').status).toBe(0);
    await terminal.run(`GIT_SSH_COMMAND="ssh -F ${cfg}" git clone -q ct-bash:r.git /tmp/ct-git-b; echo clone-rc-$?`, /clone-rc-0/);
    expect(git('-C /tmp/ct-git-b rev-parse HEAD').stdout).toBe(git('-C /tmp/ct-git-a rev-parse HEAD').stdout);
    expect(readFileSync('/tmp/ct-git-b/f', 'utf8')).toBe('one\n');
    // None of it asked for the integration or made remote records.
    expect(notices).toEqual([]);
    expect(await remoteRecords(terminal)).toEqual([]);
  });

  it('is off for the hosts the user turned it off for, and on again when they are removed', async () => {
    const { terminal, notices, client } = await open();
    const settings = await client.invoke<{ ssh: { integration: boolean; offHosts: string[] } }>('settings:get', {});
    await client.invoke('settings:set', { ssh: { ...settings.ssh, offHosts: ['ct-bash'] } });
    await terminal.run(`ssh -F ${sshd!.configFile} ct-bash`, /\n/);
    await terminal.run('echo plain-$((7+7))', /plain-14/);
    await terminal.run('exit', /\n/);
    await terminal.run('echo local-$((8+8))', /local-16/);
    expect(notices).toEqual([]);
    expect(await remoteRecords(terminal)).toEqual([]);
    await client.invoke('settings:set', { ssh: { integration: true, offHosts: [] } });
    await login(terminal, notices, 'ct-bash');
    await terminal.run('exit', /\n/);
  });

  it('opens a tab straight onto a host from an SSH-host profile', async () => {
    const { client } = await open();
    const settings = await client.invoke<{ profiles: { list: unknown[] } }>('settings:get', {});
    const profile = { id: 'box', name: 'ct-zsh', command: 'ssh', args: ['-F', sshd!.configFile, 'ct-zsh'], cwd: '', env: {} };
    await client.invoke('settings:set', { profiles: { list: [...settings.profiles.list, profile], defaultId: null } });
    const notices: Notice[] = [];
    client.on((channel, payload) => channel === 'ssh:notice' && notices.push(payload as Notice));
    const info = await client.invoke<{ id: string }>('pty:spawn', { cols: 100, rows: 30, profileId: 'box' });
    await expect.poll(() => notices.at(-1)?.outcome, { timeout: 20_000 }).toBe('integrated');
    let output = '';
    client.on((channel, payload) => {
      const { id, data } = payload as { id: string; data?: string };
      if (channel === 'pty:data' && id === info.id) {
        output += data;
        client.send('pty:ack', { id, chars: data!.length });
      }
    });
    client.send('pty:input', { id: info.id, data: 'echo profile-$((9+9))\r' });
    await expect.poll(() => output, { timeout: 10_000 }).toMatch(/profile-18/);
    await expect
      .poll(
        async () =>
          (await client.invoke<Record[]>('commands:list', { sessionId: info.id })).find((r) => r.commandLine === 'echo profile-$((9+9))'),
        { timeout: 10_000 },
      )
      .toMatchObject({ remote: { host: 'ct-zsh', user: 'ctzsh' }, exitCode: 0 });
  });
});
