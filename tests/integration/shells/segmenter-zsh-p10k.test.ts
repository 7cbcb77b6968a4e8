// SPDX-License-Identifier: MIT
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellSession } from '../support/segmenter-harness';

/** Vendored powerlevel10k (MIT, see its NOTICE): the theme, internal/ and the wizard's lean config. */
const P10K = fileURLToPath(new URL('../../fixtures/shell-frameworks/powerlevel10k', import.meta.url));

/**
 * The .zshrc the configuration wizard writes, with gitstatus off so nothing is downloaded, and a
 * line printed during start-up as many .zshrc do: p10k then replays that output when it clears
 * its instant prompt, followed by its own PROMPT_SP (PROMPT_EOL_MARK, expanded by p10k itself).
 */
const zshrc = (startupOutput: boolean): string =>
  [
    'if [[ -r "${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh" ]]; then',
    '  source "${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh"',
    'fi',
    `source ${P10K}/powerlevel10k.zsh-theme`,
    `source ${P10K}/config/p10k-lean.zsh`,
    'typeset -g POWERLEVEL9K_DISABLE_GITSTATUS=true POWERLEVEL9K_DISABLE_CONFIGURATION_WIZARD=true',
    ...(startupOutput ? ["print -r -- 'welcome from .zshrc'"] : []),
    '',
  ].join('\n');

/**
 * powerlevel10k with its default instant prompt: from the second start on, the prompt comes from
 * its cache before .zshrc has run, and p10k reprints PROMPT_EOL_MARK itself when it clears that
 * prompt. Both sessions share one HOME: p10k keeps the instant prompt per directory.
 */
describe.each([
  { startupOutput: false, name: 'a quiet start-up' },
  { startupOutput: true, name: 'output during start-up' },
])('zsh integration under powerlevel10k with instant prompt and $name (real zsh, vendored p10k)', ({ startupOutput }) => {
  const home = mkdtempSync(join(tmpdir(), 'contexterm-p10k-'));
  const cache = join(home, '.cache');
  const start = () => new ShellSession('/usr/bin/zsh', { '.zshrc': zshrc(startupOutput) }, {}, home);
  // p10k writes the instant prompt in the background after a prompt: first the script that draws
  // it, then the prompt itself (p10k-<user>/prompt-<n>). Killing the first session between the two
  // (a CI run did) leaves a script with nothing to draw, so wait for both.
  const listed = (dir: string, pattern: RegExp) => existsSync(dir) && readdirSync(dir).some((name) => pattern.test(name));
  const instantPrompt = () =>
    listed(cache, /^p10k-instant-prompt-.*\.zsh$/) &&
    readdirSync(cache).some((name) => /^p10k-[^.]+$/.test(name) && listed(join(cache, name), /^prompt-\d+$/));
  let first: ShellSession;
  let second: ShellSession;

  beforeAll(async () => {
    first = start();
    await first.waitForPrompts(1);
    expect((await first.run('echo warm-up'))[0]).toMatchObject({ commandLine: 'echo warm-up', output: 'warm-up', exitCode: 0 });
    await first.waitFor('the instant prompt cache', () => instantPrompt());
    await first.close();
    second = start();
    await second.waitForPrompts(1);
  }, 30_000);
  afterAll(async () => {
    await second?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('starts the second session from the instant prompt cache', () => {
    // The instant prompt is drawn before .zshrc has run, so before our first mark.
    const drawn = second.raw.indexOf(Buffer.from('❯').toString('latin1'));
    expect(drawn).toBeGreaterThanOrEqual(0);
    expect(second.raw.indexOf('\x1b]133;A;')).toBeGreaterThan(drawn);
  });

  it('records the first command of a session started from the cache', async () => {
    expect(await second.run('echo first')).toEqual([expect.objectContaining({ commandLine: 'echo first', output: 'first', exitCode: 0 })]);
    expect(await second.run('printf abc; (exit 3)')).toEqual([
      expect.objectContaining({ commandLine: 'printf abc; (exit 3)', output: 'abc', exitCode: 3 }),
    ]);
  });

  it('leaks no mark: no nonce in the cache, no mark left in the stored output', async () => {
    // p10k writes its cache through temporary files it renames in the background: one listed may
    // be gone by the time it is read (a run failed on a vanished prompt-27.tmp.<pid>).
    const read = (path: string): string | null => {
      try {
        return statSync(path).isFile() ? readFileSync(path, 'latin1') : null;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    };
    const files = readdirSync(cache, { recursive: true, encoding: 'utf8' }).map((name) => join(cache, name));
    const texts = files.map((path) => [path, read(path)] as const).filter((entry): entry is readonly [string, string] => entry[1] !== null);
    expect(texts.length).toBeGreaterThan(0);
    for (const [path, text] of texts) {
      for (const nonce of [first.nonce, second.nonce]) expect(text, path).not.toContain(nonce);
    }
    expect(second.stream().toString('latin1')).not.toMatch(/\x1b\]133;/);
  });
});
