// SPDX-License-Identifier: MIT
import { chmodSync, existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseWebArgs } from './args';
import { BrowserLauncher, resolveToken } from './launch';

const TOKEN = 'fixed-token-0123456789abcdef';

describe('fixed tokens', () => {
  it('reads the first line of a private token file', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ct-token-')), 'token');
    writeFileSync(file, `${TOKEN}\nignored\n`, { mode: 0o600 });
    expect(resolveToken(parseWebArgs(['--token-file', file]).tokenSource)).toBe(TOKEN);
  });

  it('refuses a token file other users can read, like ssh does for keys', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'ct-token-')), 'token');
    writeFileSync(file, TOKEN);
    chmodSync(file, 0o644);
    expect(() => resolveToken(parseWebArgs(['--token-file', file]).tokenSource)).toThrow(/readable by other users/);
  });

  it('takes CONTEXTERM_TOKEN from the environment, and --token still works (scripts and tests pass it)', () => {
    expect(resolveToken(parseWebArgs([], { CONTEXTERM_TOKEN: TOKEN }).tokenSource)).toBe(TOKEN);
    expect(parseWebArgs(['--token', TOKEN]).tokenSource).toEqual({ kind: 'argv', value: TOKEN });
    expect(() => parseWebArgs([], { CONTEXTERM_TOKEN: 'short' })).toThrow(/16–256/);
    expect(parseWebArgs([]).tokenSource).toBeUndefined();
  });
});

describe('BrowserLauncher', () => {
  it('opens a private redirect page, so the token never appears in an argv', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ct-launch-'));
    const launcher = new BrowserLauncher(dataDir);
    const url = `http://127.0.0.1:7681/?token=${TOKEN}`;
    const page = launcher.writePage(url);
    expect(page).not.toContain(TOKEN);
    expect(statSync(page).mode & 0o777).toBe(0o600);
    expect(statSync(join(dataDir, 'run')).mode & 0o777).toBe(0o700);
    expect(readFileSync(page, 'utf8')).toContain(`url=${url}`);
    launcher.dispose();
    expect(existsSync(page)).toBe(false);
  });

  it('removes pages a killed run left behind', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ct-launch-'));
    const page = new BrowserLauncher(dataDir).writePage('http://127.0.0.1:1/?token=x');
    new BrowserLauncher(dataDir);
    expect(existsSync(page)).toBe(false);
  });
});
