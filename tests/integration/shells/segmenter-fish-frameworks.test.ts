// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ShellSession } from '../support/segmenter-harness';

/** Vendored tide (MIT, see its NOTICE): functions/, conf.d/, completions/ as fisher installs them. */
const TIDE = fileURLToPath(new URL('../../fixtures/shell-frameworks/tide', import.meta.url));

/**
 * tide draws its prompt from a background fish and repaints when the result arrives: the prompt
 * is drawn twice per command line. Installed as fisher would (files copied into the user's fish
 * config, then its install event, which applies the default lean configuration), without network.
 */
describe('fish integration under tide (real fish, vendored tide)', () => {
  const home = mkdtempSync(join(tmpdir(), 'contexterm-tide-'));
  let fish: ShellSession;

  beforeAll(async () => {
    for (const dir of ['functions', 'conf.d', 'completions']) cpSync(join(TIDE, dir), join(home, '.config/fish', dir), { recursive: true });
    const env = { HOME: home, PATH: process.env.PATH ?? '/usr/bin:/bin', TERM: 'xterm-256color', LANG: 'C.UTF-8' };
    execFileSync('/usr/bin/fish', ['-c', 'emit _tide_init_install'], { env, stdio: 'ignore' });
    fish = new ShellSession('/usr/bin/fish', { '.config/fish/config.fish': 'set -g fish_greeting\n' }, {}, home);
    await fish.waitForPrompts(1);
  });
  afterAll(async () => {
    await fish?.close();
    rmSync(home, { recursive: true, force: true });
  });

  it('runs tide as configured (its prompt functions are loaded)', async () => {
    const [command] = await fish.run('functions -q _tide_2_line_prompt; and echo "tide $tide_left_prompt_items[1]"');
    expect(command).toMatchObject({ output: 'tide pwd', exitCode: 0 });
  });

  it('records the first command, exit codes and output without a final newline', async () => {
    expect((await fish.run('echo first'))[0]).toMatchObject({ commandLine: 'echo first', output: 'first', exitCode: 0 });
    expect((await fish.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
    expect((await fish.run('printf abc; false'))[0]).toMatchObject({ output: 'abc', exitCode: 1 });
    expect((await fish.run('fish -c "exit 42"'))[0]).toMatchObject({ exitCode: 42 });
    expect((await fish.run("printf 'x\\nyz'"))[0]).toMatchObject({ output: 'x\nyz', exitCode: 0 });
  });

  it('records a command in a git repository, where tide shows git status', async () => {
    expect((await fish.run('git init -q repo; and cd repo'))[0]).toMatchObject({ exitCode: 0 });
    const [branch] = await fish.run('git symbolic-ref --short HEAD');
    expect(branch?.output).toMatch(/^\S+$/);
    // tide's background fish reports the branch; the repaint puts it in the prompt.
    await fish.waitFor(
      'the branch in the prompt',
      () => fish.raw.slice(fish.raw.lastIndexOf('133;D;')).includes(branch!.output) || undefined,
    );
    expect(await fish.run('echo in-repo')).toEqual([
      expect.objectContaining({ commandLine: 'echo in-repo', output: 'in-repo', exitCode: 0, cwd: `${home}/repo` }),
    ]);
  });
});
