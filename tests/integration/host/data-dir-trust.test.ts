// SPDX-License-Identifier: MIT
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/** Runs browser mode on `dataDir` to its exit: a refusal must end it on its own, before any server. */
const runToExit = async (dataDir: string) => {
  const home = mkdtempSync(join(tmpdir(), 'ct-home-'));
  const child = spawn(process.execPath, ['dist/node/web.mjs', '--port', '0', '--data-dir', dataDir, '--no-open'], {
    env: { ...process.env, HOME: home, SHELL: '/bin/bash' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  const [code] = (await once(child, 'exit')) as [number | null];
  clearTimeout(timer);
  rmSync(home, { recursive: true, force: true });
  return { code, stdout, stderr };
};

describe.skipIf(process.getuid?.() !== 0)('browser mode on a data directory that is not the user’s', () => {
  const base = mkdtempSync(join(tmpdir(), 'ct-trust-host-'));
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('says why on stderr and exits 1, without starting a server or writing there', async () => {
    const theirs = join(base, 'theirs');
    mkdirSync(theirs);
    chownSync(theirs, 65534, 65534);
    const link = join(base, 'data');
    symlinkSync(theirs, link);

    const { code, stdout, stderr } = await runToExit(link);
    expect(code).toBe(1);
    expect(stdout).not.toMatch(/http:\/\//);
    expect(stderr).toMatch(
      new RegExp(
        `^contexterm: Refusing data directory ${link}: it is a symbolic link to ${theirs}, which is owned by uid 65534, not you`,
        'm',
      ),
    );
    expect(readdirSync(theirs)).toEqual([]);
    expect(existsSync(join(theirs, 'contexterm.db'))).toBe(false);
  });
});
