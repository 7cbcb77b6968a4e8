// SPDX-License-Identifier: MIT
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ShellSession } from '../support/segmenter-harness';

/** Vendored copies (MIT, with their licence files) of frameworks Debian does not package. */
const FRAMEWORKS = fileURLToPath(new URL('../../fixtures/shell-frameworks', import.meta.url));
const LIQUIDPROMPT = '/usr/share/liquidprompt/liquidprompt';

/** Debian packages installed by .ci/run: on CI a missing one fails the run, locally it skips. */
const installed = (path: string): boolean => existsSync(path) || process.env.CI === 'true';

/** Starts bash with `bashrc` as ~/.bash_profile, runs `body`, always closes the shell. */
const withBash = async (
  bashrc: string[],
  body: (bash: ShellSession) => Promise<void>,
  files: Record<string, string> = {},
): Promise<void> => {
  const bash = new ShellSession('/bin/bash', { '.bash_profile': [...bashrc, ''].join('\n'), ...files });
  try {
    await bash.waitForPrompts(1);
    await body(bash);
  } finally {
    await bash.close();
  }
};

const recordsExitCodes = async (bash: ShellSession): Promise<void> => {
  expect((await bash.run('false'))[0]).toMatchObject({ commandLine: 'false', exitCode: 1 });
  expect((await bash.run('(exit 42)'))[0]).toMatchObject({ commandLine: '(exit 42)', exitCode: 42 });
  expect((await bash.run('true'))[0]).toMatchObject({ commandLine: 'true', exitCode: 0 });
};

describe('bash integration under prompt frameworks (real bash on a pty)', () => {
  // bash-preexec before 0.5 (and bash-it, which vendors such a copy) puts its precmd invoker in
  // front of ours at its first prompt and leaves $? as its last hook's status.
  it.each(['0.4.1', '0.6.0'])('records exit codes under bash-preexec %s', async (version) => {
    const bashrc = [
      "PS1='P$ '",
      `source ${FRAMEWORKS}/bash-preexec-${version}/bash-preexec.sh`,
      'precmd() { __pre=$((${__pre-0}+1)); }',
      'preexec() { __exec=$((${__exec-0}+1)); }',
    ];
    await withBash(bashrc, async (bash) => {
      await recordsExitCodes(bash);
      const [hooks] = await bash.run('echo "pre=$__pre exec=$__exec"');
      expect(hooks?.output).toMatch(/^pre=[1-9]\d* exec=[1-9]\d*$/);
      // Our first entry runs once per prompt, wherever the framework put itself.
      expect(bash.raw.split('633;P;Cwd=').length - 1).toBe(bash.count('prompt'));
    });
  });

  // liquidprompt's DEBUG trap starts its runtime timer on the first command after its prompt hook:
  // it must be the user's command, not one of our PROMPT_COMMAND entries.
  it.skipIf(!installed(LIQUIDPROMPT))("starts liquidprompt's runtime timer at the user's command, not at our hooks", async () => {
    const bashrc = [
      'LP_ENABLE_RUNTIME=1',
      `source ${LIQUIDPROMPT}`,
      // Which command started the timer, seen from inside liquidprompt's own hook.
      'eval "$(declare -f __lp_runtime_before | sed 1s/__lp_runtime_before/__lp_orig_runtime_before/)"',
      '__lp_runtime_before() { __timer_cmd=$BASH_COMMAND; __lp_orig_runtime_before; }',
    ];
    await withBash(bashrc, async (bash) => {
      const line = 'echo "timer=$__timer_cmd"';
      expect(await bash.run(line)).toEqual([expect.objectContaining({ commandLine: line, output: `timer=${line}`, exitCode: 0 })]);
      await recordsExitCodes(bash);
    });
  });

  it.skipIf(!installed('/usr/bin/direnv'))("keeps direnv's messages out of command output and records exit codes", async () => {
    const files = { 'proj/.envrc': 'export FROM_ENVRC=loaded\n' };
    await withBash(
      ["PS1='D$ '", 'eval "$(direnv hook bash)"'],
      async (bash) => {
        expect((await bash.run('direnv allow proj'))[0]).toMatchObject({ exitCode: 0 });
        expect(await bash.run('cd proj')).toEqual([expect.objectContaining({ commandLine: 'cd proj', output: '', exitCode: 0 })]);
        expect((await bash.run('echo "$FROM_ENVRC"'))[0]).toMatchObject({ output: 'loaded', cwd: `${bash.home}/proj` });
        await recordsExitCodes(bash);
      },
      files,
    );
  });

  // The .bashrc bash-it's installer writes (template/bashrc.template.bash), default theme bobby:
  // bash-it loads its own bash-preexec and installs it from a hook at the end of its start-up.
  it('records commands and exit codes under bash-it', async () => {
    const bashrc = [`BASH_IT=${FRAMEWORKS}/bash-it`, "export BASH_IT_THEME='bobby'", 'unset MAILCHECK', 'source "${BASH_IT?}/bash_it.sh"'];
    await withBash(bashrc, async (bash) => {
      expect(await bash.run('echo first')).toEqual([expect.objectContaining({ commandLine: 'echo first', output: 'first', exitCode: 0 })]);
      await recordsExitCodes(bash);
      expect(await bash.run("printf 'a\\nb\\n'; (exit 7)")).toEqual([expect.objectContaining({ output: 'a\nb', exitCode: 7 })]);
      // bash-it's hooks are still in place (bobby's prompt_command, its command timer), and ours
      // runs once per prompt.
      const [hooks] = await bash.run('echo "${precmd_functions[*]}"');
      expect(hooks?.output).toMatch(/\bprompt_command\b.*\b_command_duration_pre_cmd\b/);
      expect(bash.raw.split('633;P;Cwd=').length - 1).toBe(bash.count('prompt'));
    });
  });

  it('records a pasted multi-line command whole (bracketed paste), and a hidden one without text', async () => {
    await withBash(["PS1='V$ '", 'HISTCONTROL=ignorespace'], async (bash) => {
      const paste = async (text: string) => {
        const before = bash.commands().length;
        const prompts = bash.count('prompt');
        bash.type(`\x1b[200~${text}\x1b[201~\r`);
        await bash.waitForPrompts(prompts + 1);
        return bash.commands().slice(before);
      };
      expect(await paste('echo one\recho two')).toEqual([
        expect.objectContaining({ commandLine: 'echo one\necho two', output: 'one\ntwo', exitCode: 0 }),
      ]);
      expect(await paste(' echo one\recho two; false')).toEqual([
        expect.objectContaining({ commandLine: null, output: 'one\ntwo', exitCode: 1 }),
      ]);
      expect(await bash.run('echo after')).toEqual([expect.objectContaining({ commandLine: 'echo after', output: 'after' })]);
    });
  });
});
