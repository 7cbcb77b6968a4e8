// SPDX-License-Identifier: MIT
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectPath } from '../runtime/paths';
import { discardSecretsIn } from '../pty/secret-file';
import { bashMajorVersion, isPowerShell, shellName, warmBashMajor, type LaunchProbe } from './shell-fallback';
import { shellKind, shellLaunch } from './shell-launch';

const NONCE = 'abcdef0123456789';
const RESOURCES = projectPath('resources/shell-integration');
const dir = mkdtempSync(join(tmpdir(), 'ct-shell-fallback-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A "bash" that only answers --version, as macOS's /bin/bash would. */
const fakeBash = (version: string): string => {
  const path = join(dir, `bash-${version}`);
  writeFileSync(path, `#!/bin/sh\necho "GNU bash, version ${version}(1)-release (x86_64-apple-darwin23)"\n`);
  chmodSync(path, 0o755);
  return path;
};

const posix: LaunchProbe = { platform: 'darwin', bashMajor: bashMajorVersion };

// Shell scripts and a POSIX bash: not on Windows runners (docs/platforms.md).
describe.skipIf(process.platform === 'win32')('bash before 4 (macOS /bin/bash)', () => {
  it('reads the version from the binary', () => {
    expect(bashMajorVersion(fakeBash('3.2.57'))).toBe(3);
    expect(bashMajorVersion(fakeBash('5.2.37'))).toBe(5);
    expect(bashMajorVersion(join(dir, 'no-such-bash'))).toBeUndefined();
  });

  it('asks the version ahead, in the background, so the first launch does not run it again', async () => {
    // A bash 3.2 that notes each run: the launch must find the warmed answer, not ask itself.
    const path = join(dir, 'bash-counted');
    const runs = join(dir, 'bash-counted.runs');
    writeFileSync(path, `#!/bin/sh\necho run >> '${runs}'\necho "GNU bash, version 3.2.57(1)-release"\n`);
    chmodSync(path, 0o755);
    await warmBashMajor(path);
    expect(readFileSync(runs, 'utf8')).toBe('run\n');
    expect(shellLaunch(path, NONCE, RESOURCES, { HOME: dir }, posix).integrated).toBe(false);
    await warmBashMajor(path);
    expect(readFileSync(runs, 'utf8')).toBe('run\n');
  });

  it('starts with the plain init file, without integration, instead of contexterm.bash', () => {
    const launch = shellLaunch(fakeBash('3.2.57'), NONCE, RESOURCES, { HOME: dir }, posix);
    expect(launch.integrated).toBe(false);
    expect(launch.args).toEqual(['--init-file', join(RESOURCES, 'bash', 'plain.bash'), '-i']);
    expect(launch.env.CONTEXTERM_NONCE_FILE).toBeUndefined();
    const current = shellLaunch(fakeBash('5.2.37'), NONCE, RESOURCES, { HOME: dir }, posix);
    expect(current.integrated).toBe(true);
    expect(current.args[1]).toBe(join(RESOURCES, 'bash', 'contexterm.bash'));
    discardSecretsIn(current.env);
  });

  it("plain.bash prints the notice and reads the user's profile as a login shell would", () => {
    const home = mkdtempSync(join(dir, 'home-'));
    writeFileSync(join(home, '.bash_profile'), 'echo profile-was-read\n');
    const result = spawnSync('bash', ['--init-file', join(RESOURCES, 'bash', 'plain.bash'), '-i'], {
      input: 'echo still-interactive\nexit\n',
      encoding: 'utf8',
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, CONTEXTERM_SHELL_LOGIN: '1', PS1: '$ ' },
    });
    expect(result.stderr).toMatch(/contexterm: this bash is [\d.]+.*needs bash 4 or later/);
    expect(result.stdout).toContain('profile-was-read');
    expect(result.stdout).toContain('still-interactive');
    expect(result.stdout).not.toContain('\u001b]133');
  });
});

describe('Windows shells', () => {
  const windows: LaunchProbe = { platform: 'win32', bashMajor: () => 5 };

  it('knows Git Bash and PowerShell by their .exe names', () => {
    expect(shellName('C:\\Program Files\\Git\\bin\\bash.exe')).toBe('bash');
    expect(shellKind('C:\\Program Files\\Git\\bin\\bash.exe')).toBe('bash');
    expect(['pwsh.exe', 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', 'pwsh', 'bash.exe'].map(isPowerShell)).toEqual([
      true,
      true,
      true,
      false,
    ]);
  });

  it('starts PowerShell in the heuristic mode with a notice, interactive', () => {
    const launch = shellLaunch('pwsh.exe', NONCE, RESOURCES, {}, windows);
    expect(launch.integrated).toBe(false);
    expect(launch.args.slice(0, 3)).toEqual(['-NoLogo', '-NoExit', '-Command']);
    expect(launch.args[3]).toContain('PowerShell has no shell integration yet');
  });

  it('gives cmd.exe no -l, and Git Bash the integration', () => {
    expect(shellLaunch('C:\\Windows\\System32\\cmd.exe', NONCE, RESOURCES, {}, windows).args).toEqual([]);
    const bash = shellLaunch('C:\\Program Files\\Git\\bin\\bash.exe', NONCE, RESOURCES, {}, windows);
    expect(bash.integrated).toBe(true);
    discardSecretsIn(bash.env);
  });
});
