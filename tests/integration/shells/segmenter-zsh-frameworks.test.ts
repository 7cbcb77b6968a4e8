// SPDX-License-Identifier: MIT
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ShellSession } from '../support/segmenter-harness';

/** Vendored oh-my-zsh (MIT, see its NOTICE): oh-my-zsh.sh, lib/, the git plugin, robbyrussell. */
const OH_MY_ZSH = fileURLToPath(new URL('../../fixtures/shell-frameworks/oh-my-zsh', import.meta.url));

const AUTOSUGGESTIONS = '/usr/share/zsh-autosuggestions/zsh-autosuggestions.zsh';
const HIGHLIGHTING = '/usr/share/zsh-syntax-highlighting/zsh-syntax-highlighting.zsh';

/** Debian packages installed by .ci/run: on CI a missing one fails the run, locally it skips. */
const installed = (...paths: string[]): boolean => paths.every((path) => existsSync(path)) || process.env.CI === 'true';

const withZsh = async (zshrc: string[], body: (zsh: ShellSession) => Promise<void>): Promise<void> => {
  const zsh = new ShellSession('/usr/bin/zsh', { '.zshrc': [...zshrc, ''].join('\n') });
  try {
    await zsh.waitForPrompts(1);
    await body(zsh);
  } finally {
    await zsh.close();
  }
};

/**
 * zsh ends unterminated output with PROMPT_SP (its end-of-line mark, spaces to the margin,
 * `\r \r`) before it runs precmd: none of that is the command's output.
 */
const keepsUnterminatedOutput = async (zsh: ShellSession): Promise<void> => {
  expect(await zsh.run('printf abc')).toEqual([expect.objectContaining({ commandLine: 'printf abc', output: 'abc', exitCode: 0 })]);
  expect((await zsh.run("printf 'x\\nyz'"))[0]).toMatchObject({ output: 'x\nyz' });
  expect((await zsh.run('echo done'))[0]).toMatchObject({ output: 'done' });
  expect((await zsh.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
  expect((await zsh.run('printf abc; (exit 42)'))[0]).toMatchObject({ output: 'abc', exitCode: 42 });
};

describe('zsh integration under prompt frameworks (real zsh on a pty)', () => {
  it('stores output without a trailing newline as printed, with default options', async () => {
    await withZsh(["PS1='Z> '"], keepsUnterminatedOutput);
  });

  it('keeps a custom PROMPT_EOL_MARK on screen and out of the output', async () => {
    await withZsh(["PS1='Z> '", "PROMPT_EOL_MARK='<eol>'"], async (zsh) => {
      const from = zsh.raw.length;
      await keepsUnterminatedOutput(zsh);
      expect(zsh.raw.slice(from)).toContain('<eol>');
    });
  });

  it('stores output as printed with PROMPT_SP off', async () => {
    await withZsh(["PS1='Z> '", 'unsetopt prompt_sp'], async (zsh) => {
      expect((await zsh.run('printf abc'))[0]).toMatchObject({ output: 'abc', exitCode: 0 });
      expect((await zsh.run('false'))[0]).toMatchObject({ exitCode: 1 });
    });
  });

  // The .zshrc oh-my-zsh's installer writes; caches go to HOME, not into the vendored copy.
  it('records exactly under oh-my-zsh (robbyrussell, git plugin, async git prompt)', async () => {
    const zshrc = [
      `export ZSH=${OH_MY_ZSH}`,
      'ZSH_THEME=robbyrussell',
      'plugins=(git)',
      "zstyle ':omz:update' mode disabled",
      'ZSH_CACHE_DIR=$HOME/.cache/oh-my-zsh ZSH_COMPDUMP=$HOME/.zcompdump ZSH_DISABLE_COMPFIX=true',
      'source $ZSH/oh-my-zsh.sh',
    ];
    await withZsh(zshrc, async (zsh) => {
      expect(await zsh.run('echo first')).toEqual([expect.objectContaining({ commandLine: 'echo first', output: 'first', exitCode: 0 })]);
      await keepsUnterminatedOutput(zsh);
      const from = zsh.raw.length;
      expect((await zsh.run('git init -q repo && cd repo'))[0]).toMatchObject({ exitCode: 0 });
      await zsh.waitForRaw('git:(', from);
      // In a repository the theme's git status comes from an async worker that redraws the prompt.
      expect(await zsh.run('gst >/dev/null; echo in-repo')).toEqual([
        expect.objectContaining({ output: 'in-repo', exitCode: 0, cwd: `${zsh.home}/repo` }),
      ]);
      await keepsUnterminatedOutput(zsh);
    });
  });

  it.skipIf(!installed(AUTOSUGGESTIONS, HIGHLIGHTING))(
    'records exactly under zsh-autosuggestions and zsh-syntax-highlighting',
    async () => {
      await withZsh(["PS1='S> '", `source ${AUTOSUGGESTIONS}`, `source ${HIGHLIGHTING}`], async (zsh) => {
        await keepsUnterminatedOutput(zsh);
        // A suggestion drawn from history after the cursor is not part of the command line.
        const prompts = zsh.count('prompt');
        zsh.type('printf a');
        await zsh.waitForRaw('bc', zsh.raw.length);
        zsh.type("'b\\n'\r");
        await zsh.waitForPrompts(prompts + 1);
        expect(zsh.commands().at(-1)).toMatchObject({ commandLine: "printf a'b\\n'", output: 'ab', exitCode: 0 });
      });
    },
  );
});
