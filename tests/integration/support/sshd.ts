// SPDX-License-Identifier: MIT
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real OpenSSH server on 127.0.0.1 for integration and e2e tests: throwaway host and client keys,
 * one local account per shell, and a client config so a test only has to run
 * `ssh -F <configFile> ct-bash`. It needs root (to create accounts and to run sshd, which switches
 * to the user it authenticates) and /usr/sbin/sshd; see `sshdAvailable`.
 */

const SSHD = '/usr/sbin/sshd';

const SHELLS = { bash: '/bin/bash', zsh: '/usr/bin/zsh', fish: '/usr/bin/fish', dash: '/bin/dash' } as const;
const HOSTS = { bash: 'ct-bash', zsh: 'ct-zsh', fish: 'ct-fish', dash: 'ct-dash' } as const;
const USERS = { bash: 'ctbash', zsh: 'ctzsh', fish: 'ctfish', dash: 'ctdash' } as const;
type Shell = keyof typeof SHELLS;
const SHELL_NAMES = Object.keys(SHELLS) as Shell[];

const READY_TIMEOUT_MS = 10_000;
const STOP_TIMEOUT_MS = 5_000;
/** Bounded, so a chatty sshd in a long e2e run cannot grow memory; errors are near the end anyway. */
const STDERR_KEEP = 64 * 1024;

export interface Sshd {
  readonly port: number;
  /** The throwaway directory with keys and configs; removed by `stop()`. */
  readonly dir: string;
  /** The client config: `ssh -F <configFile> ct-bash`. */
  readonly configFile: string;
  /** Host aliases in `configFile`. ct-dash logs into dash, a shell Contexterm does not support. */
  readonly hosts: typeof HOSTS;
  readonly users: typeof USERS;
  /** Each user's login shell, as `$SHELL` shows it after login. */
  readonly shells: typeof SHELLS;
  /** Arguments for `ssh`: `['-F', configFile, host, ...rest]`. */
  sshArgs(host: string, ...rest: string[]): string[];
  /** Kills sshd and every session it started, then removes `dir`. */
  stop(): Promise<void>;
}

/**
 * Whether this machine can run the fixture, for `describe.skipIf(!sshdAvailable())`. In CI a
 * missing sshd is a broken setup, not a reason to skip: there it throws, so the run fails loudly
 * instead of going green without having tested ssh at all.
 */
export const sshdAvailable = (): boolean => {
  const installed = existsSync(SSHD);
  const root = process.getuid?.() === 0;
  if (process.env.CI === 'true' && !(installed && root)) {
    const problems = [
      installed ? '' : `${SSHD} is missing (install openssh-server, see .ci/run)`,
      root ? '' : 'it must run as root (it creates test accounts)',
    ];
    throw new Error(`the sshd test fixture cannot run in CI: ${problems.filter(Boolean).join('; ')}`);
  }
  return installed && root;
};

const run = (file: string, args: string[]): string => execFileSync(file, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

const succeeds = (file: string, args: string[]): boolean => {
  try {
    run(file, args);
    return true;
  } catch {
    return false;
  }
};

const passwdEntry = (user: string): string[] | undefined =>
  readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === user);

const shadowPassword = (user: string): string | undefined =>
  readFileSync('/etc/shadow', 'utf8')
    .split('\n')
    .map((line) => line.split(':'))
    .find((fields) => fields[0] === user)?.[1];

/**
 * Creates the test accounts once per machine; later runs only repair what matters. Accounts are
 * not throwaway (creating and deleting users per test file would be slow and racy), so their
 * homes keep whatever earlier tests left there.
 */
const ensureUsers = (): void => {
  for (const shell of SHELL_NAMES) {
    const user = USERS[shell];
    if (!succeeds('id', [user])) run('useradd', ['-m', '-s', SHELLS[shell], user]);
    // Someone may have created the account by hand with another shell; the tests rely on this one.
    if (passwdEntry(user)?.[6] !== SHELLS[shell]) run('usermod', ['-s', SHELLS[shell], user]);
    // useradd leaves the password field as `!`, which (with UsePAM no) makes sshd refuse the
    // account as locked even for public-key logins. `*` means "no password can match" without
    // meaning "locked", so key logins work and password logins stay impossible.
    if (shadowPassword(user)?.startsWith('!')) run('usermod', ['-p', '*', user]);
    const home = passwdEntry(user)?.[5];
    // Without any startup file, an interactive zsh runs zsh-newuser-install, a full-screen
    // questionnaire that would swallow a test's keystrokes. An empty .zshrc is what a user who
    // has "no configuration" really has on a real machine.
    if (shell === 'zsh' && home && !['.zshenv', '.zprofile', '.zshrc', '.zlogin'].some((f) => existsSync(join(home, f)))) {
      writeFileSync(join(home, '.zshrc'), '');
      const [uid, gid] = [Number(passwdEntry(user)?.[2]), Number(passwdEntry(user)?.[3])];
      run('chown', [`${uid}:${gid}`, join(home, '.zshrc')]);
    }
  }
};

/** An unused port, by asking the kernel for one. sshd may lose a race for it: startSshd retries. */
const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('no port from listen(0)'))));
    });
  });

/** OpenSSH's version as major * 100 + minor (9.2 → 902), to use options only versions that know them. */
const sshdVersion = (): number => {
  // `sshd -V` is not a real option in every version: it prints the version in its usage message and exits non-zero.
  let text: string;
  try {
    text = run(SSHD, ['-V']);
  } catch (error) {
    text = String((error as { stderr?: unknown }).stderr ?? '');
  }
  const match = /OpenSSH_(\d+)\.(\d+)/.exec(text);
  return match ? Number(match[1]) * 100 + Number(match[2]) : 0;
};

const quote = (path: string): string => `"${path}"`;

const sshdConfig = (dir: string, port: number): string =>
  [
    'ListenAddress 127.0.0.1',
    `Port ${port}`,
    `HostKey ${quote(join(dir, 'host_ed25519'))}`,
    `PidFile ${quote(join(dir, 'sshd.pid'))}`,
    // One file for every test user, outside their homes, so tests cannot break logins by
    // touching ~/.ssh. sshd reads it with the user's uid: hence mode 0644 and StrictModes no.
    `AuthorizedKeysFile ${quote(join(dir, 'authorized_keys'))}`,
    'StrictModes no',
    'PubkeyAuthentication yes',
    'PasswordAuthentication no',
    'KbdInteractiveAuthentication no',
    // Keeps sessions independent of this machine's PAM stack (motd, limits, /etc/environment, and
    // pam_loginuid, which is `required` on Debian and fails in containers without
    // CAP_AUDIT_CONTROL). Without PAM sshd still runs the user's shell as a login shell with HOME,
    // USER, LOGNAME, SHELL, PATH and MAIL set; what Debian's PAM adds is pam_env's LANG, set below.
    // The price: sshd then treats a `!` password as a locked account (see ensureUsers).
    'UsePAM no',
    // What pam_env would have read from /etc/default/locale on a real Debian server. Fixed rather
    // than copied from this machine, so output encoding does not depend on where the tests run.
    'SetEnv LANG=C.UTF-8',
    'AllowUsers ' + SHELL_NAMES.map((shell) => USERS[shell]).join(' '),
    'PermitRootLogin no',
    'PermitUserEnvironment no',
    // No AcceptEnv line: sshd accepts no variable from the client by default (TERM always comes
    // with the pty request), so a test's environment never leaks into the "remote" session.
    'PrintMotd no',
    'PrintLastLog no',
    // OpenSSH 9 scp speaks sftp, so scp needs this; internal-sftp needs no external binary.
    'Subsystem sftp internal-sftp',
    // Tests may open many connections at once; the default (10:30:100) starts dropping
    // unauthenticated ones at random after 10.
    'MaxStartups 100',
    // OpenSSH 9.8+ penalises sources of failed logins by refusing them for a while: a test that
    // checks a refused login would then break the next test's login from 127.0.0.1.
    ...(sshdVersion() >= 908 ? ['PerSourcePenalties no'] : []),
    'LogLevel ERROR',
    '',
  ].join('\n');

const clientConfig = (dir: string, port: number): string =>
  SHELL_NAMES.map((shell) =>
    [
      `Host ${HOSTS[shell]}`,
      '  HostName 127.0.0.1',
      `  Port ${port}`,
      `  User ${USERS[shell]}`,
      `  IdentityFile ${quote(join(dir, 'client_ed25519'))}`,
      '  IdentitiesOnly yes',
      `  UserKnownHostsFile ${quote(join(dir, 'known_hosts'))}`,
      // The machine's own known_hosts must neither vouch for nor conflict with this server.
      '  GlobalKnownHostsFile /dev/null',
      '  StrictHostKeyChecking yes',
      '  UpdateHostKeys no',
      '  LogLevel ERROR',
      '  BatchMode yes',
      '',
    ].join('\n'),
  ).join('\n');

/** Resolves once something accepts TCP connections on the port, rejects if `failed()` says sshd died. */
const waitForPort = (port: number, failed: () => Error | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    const deadline = Date.now() + READY_TIMEOUT_MS;
    const attempt = () => {
      const error = failed();
      if (error) return reject(error);
      if (Date.now() > deadline) return reject(new Error(`sshd did not accept connections on port ${port} within ${READY_TIMEOUT_MS} ms`));
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        setTimeout(attempt, 20);
      });
    };
    attempt();
  });

interface ProcStat {
  readonly pid: number;
  readonly ppid: number;
  readonly sid: number;
  readonly state: string;
}

const procStat = (pid: number | string): ProcStat | undefined => {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may contain spaces and parentheses: fields start after the last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid: Number(pid), state: fields[0] ?? '', ppid: Number(fields[1]), sid: Number(fields[3]) };
  } catch {
    return undefined;
  }
};

/**
 * sshd's listener, its per-connection children and their sessions. Per-connection sshd processes
 * call setsid(), and sessions' shells are in their own sessions too, so neither sshd's process
 * group nor killing the listener reaches them (sshd deliberately lets sessions outlive it). Walk
 * the process tree, then add every process in those sessions, which also catches background jobs
 * that were reparented to init when their shell exited.
 */
const sshdProcesses = (listener: number): number[] => {
  const all = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(procStat)
    .filter((stat): stat is ProcStat => stat !== undefined);
  const tree = new Set([listener]);
  for (let grew = true; grew;) {
    grew = false;
    for (const stat of all) {
      if (!tree.has(stat.pid) && tree.has(stat.ppid)) {
        tree.add(stat.pid);
        grew = true;
      }
    }
  }
  const ours = procStat('self')?.sid;
  const sessions = new Set(all.filter((stat) => tree.has(stat.pid) && stat.sid !== ours).map((stat) => stat.sid));
  for (const stat of all) if (sessions.has(stat.sid)) tree.add(stat.pid);
  tree.delete(process.pid);
  return [...tree];
};

const gone = (pid: number): boolean => {
  const state = procStat(pid)?.state;
  return state === undefined || state === 'Z' || state === 'X';
};

const startOnce = async (dir: string): Promise<Sshd> => {
  const port = await freePort();
  const sshdConfigFile = join(dir, 'sshd_config');
  writeFileSync(sshdConfigFile, sshdConfig(dir, port));
  const hostKey = readFileSync(join(dir, 'host_ed25519.pub'), 'utf8').trim().split(' ').slice(0, 2).join(' ');
  writeFileSync(join(dir, 'known_hosts'), `[127.0.0.1]:${port} ${hostKey}\n`);
  const configFile = join(dir, 'config');
  writeFileSync(configFile, clientConfig(dir, port));

  // Its own session (detached), so stop() can tell sshd's processes from the test runner's.
  const child = spawn(SSHD, ['-D', '-e', '-f', sshdConfigFile], { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    stderr = (stderr + text).slice(-STDERR_KEEP);
  });
  let exited: string | undefined;
  let spawnError: Error | undefined;
  const exit = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exited = signal ?? `exit code ${code}`;
      resolve();
    });
    child.once('error', (error) => {
      spawnError = error;
      exited = 'spawn error';
      resolve();
    });
  });
  // A crashed or interrupted test run must not leave a root sshd listening behind it.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const ended = () =>
    exited === undefined ? undefined : (spawnError ?? new Error(`sshd exited (${exited}) before accepting connections:\n${stderr}`));
  try {
    await waitForPort(port, ended);
  } catch (error) {
    process.off('exit', killOnExit);
    if (exited === undefined) child.kill('SIGKILL');
    await exit;
    const message = error instanceof Error ? error.message : String(error);
    throw Object.assign(new Error(message.includes(stderr) ? message : `${message}\nsshd stderr:\n${stderr}`), {
      addressInUse: /Address already in use|Cannot bind any address/.test(stderr),
    });
  }

  let stopping: Promise<void> | undefined;
  const stop = async (): Promise<void> => {
    const pids = child.pid === undefined ? [] : sshdProcesses(child.pid);
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await exit;
    process.off('exit', killOnExit);
    // Processes that are not our children are reaped by init: wait until they are no longer
    // running, so nothing of a test's session is still writing when the next test starts.
    const deadline = Date.now() + STOP_TIMEOUT_MS;
    while (pids.some((pid) => !gone(pid)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    rmSync(dir, { recursive: true, force: true });
  };

  return {
    port,
    dir,
    configFile,
    hosts: HOSTS,
    users: USERS,
    shells: SHELLS,
    sshArgs: (host, ...rest) => ['-F', configFile, host, ...rest],
    stop: () => (stopping ??= stop()),
  };
};

/** Starts a fresh sshd with fresh keys. Call `stop()` when done (afterAll). */
export const startSshd = async (): Promise<Sshd> => {
  if (!sshdAvailable()) throw new Error(`the sshd fixture needs ${SSHD} and root`);
  ensureUsers();
  // Privilege separation directory: sshd refuses to start without it, and only the openssh
  // service unit would create it (/run is a tmpfs, and no init system runs here).
  mkdirSync('/run/sshd', { recursive: true, mode: 0o755 });

  const dir = mkdtempSync(join(tmpdir(), 'contexterm-sshd-'));
  try {
    // mkdtemp makes 0700, but sshd reads authorized_keys as the logging-in user.
    chmodSync(dir, 0o755);
    run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'contexterm-test-host', '-f', join(dir, 'host_ed25519')]);
    run('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'contexterm-test-client', '-f', join(dir, 'client_ed25519')]);
    const authorizedKeys = join(dir, 'authorized_keys');
    writeFileSync(authorizedKeys, readFileSync(join(dir, 'client_ed25519.pub')));
    chmodSync(authorizedKeys, 0o644);

    for (let attempt = 1; ; attempt++) {
      try {
        return await startOnce(dir);
      } catch (error) {
        // Another process may take the port between freePort() and sshd's bind.
        if (attempt < 3 && (error as { addressInUse?: boolean }).addressInUse) continue;
        throw error;
      }
    }
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
};
