// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { startServer, type AppServer } from '../../e2e/support/app';
import { databaseContains } from '../support/database-bytes';
import { HostClient } from '../support/host-ws-client';
import { Terminal } from '../support/host-terminal';

/** Vendored copies (MIT, with their licence files) of frameworks Debian does not package. */
const FRAMEWORKS = fileURLToPath(new URL('../../fixtures/shell-frameworks', import.meta.url));

let server: AppServer | undefined;
let client: HostClient | undefined;
let home: string | undefined;

afterEach(async () => {
  client?.close();
  await server?.stop();
  if (home) rmSync(home, { recursive: true, force: true });
  server = undefined;
  client = undefined;
  home = undefined;
});

/** The app on a fresh data dir, its shells started as `shell` in a home holding `files`. */
const start = async (shell: string, files: Record<string, string>) => {
  home = mkdtempSync(join(tmpdir(), 'ct-rules-home-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(home, path)), { recursive: true });
    writeFileSync(join(home, path), content);
  }
  server = await startServer({ env: { SHELL: shell, HOME: home } });
  client = await HostClient.connect(server.origin, server.token);
  return { server, client, terminal: await Terminal.open(client) };
};

const bashrc = (...lines: string[]): Record<string, string> => {
  const text = [...lines, ''].join('\n');
  return { '.bashrc': text, '.bash_profile': text };
};

/**
 * Waits until `count` commands are recorded and the last has ended: keys typed before that would
 * be typed ahead, their echo part of the command still running (see docs/history.md).
 */
const ended = async (terminal: Terminal, count: number): Promise<void> => {
  await expect.poll(async () => (await terminal.commands()).filter((c) => c.endedAt !== null).length, { timeout: 10_000 }).toBe(count);
};

/**
 * Runs `kept` (a leading-space line, or one the shell's patterns drop) between two recorded lines,
 * then checks the record list is exactly `expected` and no byte of the database holds `marker`.
 */
const keptOut = async (
  terminal: Terminal,
  dataDir: string,
  lines: { kept: string; marker: RegExp; secret: string; expected: string[] },
) => {
  const earlier = (await terminal.commands()).length;
  await terminal.run("echo before-''mark", /before-mark/);
  await ended(terminal, earlier + 1);
  await terminal.run(lines.kept, lines.marker);
  await terminal.run("echo after-''mark", /after-mark/);
  await expect.poll(async () => (await terminal.commands()).map((c) => c.commandLine), { timeout: 10_000 }).toEqual(lines.expected);
  await client!.invoke('history:free-space', {});
  expect(databaseContains(dataDir, lines.secret)).toBe(false);
};

describe("the shell's own history rules, applied by the app (real shells on ptys)", () => {
  // `__contexterm_hook=debug` takes the path bash before 4.4 takes (macOS): our hook is
  // bash-preexec's preexec, whose line is read back from history, so it is the previous line.
  it.each([
    ['0.4.1', ''],
    ['0.6.0', ''],
    ['0.4.1', '__contexterm_hook=debug'],
    ['0.6.0', '__contexterm_hook=debug'],
  ])('bash-preexec %s %s with HISTCONTROL=ignoreboth: a leading-space line leaves no record and no byte', async (version, hook) => {
    const { server, terminal } = await start(
      '/bin/bash',
      bashrc("PS1='P$ '", hook, 'HISTCONTROL=ignoreboth', `source ${FRAMEWORKS}/bash-preexec-${version}/bash-preexec.sh`),
    );
    await keptOut(terminal, server.dataDir, {
      kept: ' echo bpsecret-$((5*5))',
      marker: /bpsecret-25/,
      secret: 'bpsecret',
      expected: ["echo before-''mark", "echo after-''mark"],
    });
  });

  it.each(['', '__contexterm_hook=debug'])(
    'bash-it %s with HISTCONTROL=ignoreboth: a leading-space line leaves no record and no byte',
    async (hook) => {
      const { server, terminal } = await start(
        '/bin/bash',
        bashrc(
          hook,
          'HISTCONTROL=ignoreboth',
          `BASH_IT=${FRAMEWORKS}/bash-it`,
          "export BASH_IT_THEME='bobby'",
          'unset MAILCHECK',
          'source "${BASH_IT?}/bash_it.sh"',
        ),
      );
      await keptOut(terminal, server.dataDir, {
        kept: ' echo itsecret-$((5*5))',
        marker: /itsecret-25/,
        secret: 'itsecret',
        expected: ["echo before-''mark", "echo after-''mark"],
      });
    },
  );

  it("bash's HISTIGNORE patterns (globs, `&` for the previous line) keep lines out, under bash-preexec too", async () => {
    const { server, terminal } = await start(
      '/bin/bash',
      bashrc(
        "PS1='I$ '",
        'HISTCONTROL=',
        "HISTIGNORE='vault *:[0-9]x*:&'",
        `source ${FRAMEWORKS}/bash-preexec-0.6.0/bash-preexec.sh`,
        'vault() { echo "$1"-out; }',
        '9xsay() { echo "$1"-nine; }',
      ),
    );
    await keptOut(terminal, server.dataDir, {
      kept: 'vault globsecret-$((5*5))',
      marker: /globsecret-25-out/,
      secret: 'globsecret',
      expected: ["echo before-''mark", "echo after-''mark"],
    });
    await ended(terminal, 2);
    await terminal.run('9xsay classsecret', /classsecret-nine/);
    // `&`: the same line again is dropped by bash (and so here); a different one is kept.
    await terminal.run("echo after-''mark", /after-mark/);
    await terminal.run("echo vault-not-''first", /vault-not-first/);
    await expect
      .poll(async () => (await terminal.commands()).map((c) => c.commandLine))
      .toEqual(["echo before-''mark", "echo after-''mark", "echo vault-not-''first"]);
    await client!.invoke('history:free-space', {});
    expect(databaseContains(server.dataDir, 'classsecret')).toBe(false);
  });

  it('bash without ignorespace records a leading-space line: the app follows the shell', async () => {
    const { terminal } = await start('/bin/bash', bashrc("PS1='N$ '", 'HISTCONTROL=ignoredups'));
    await terminal.run(' echo spaced-$((3*3))', /spaced-9/);
    await expect.poll(async () => (await terminal.commands()).map((c) => c.commandLine)).toEqual([' echo spaced-$((3*3))']);
  });

  it('zsh with setopt HIST_IGNORE_SPACE under oh-my-zsh keeps a leading-space line out; unset, it is recorded', async () => {
    const zshrc = [
      `export ZSH=${FRAMEWORKS}/oh-my-zsh`,
      'ZSH_THEME=robbyrussell',
      'plugins=(git)',
      "zstyle ':omz:update' mode disabled",
      'ZSH_CACHE_DIR=$HOME/.cache/oh-my-zsh ZSH_COMPDUMP=$HOME/.zcompdump ZSH_DISABLE_COMPFIX=true',
      'source $ZSH/oh-my-zsh.sh',
      'setopt HIST_IGNORE_SPACE',
      '',
    ].join('\n');
    const { server, terminal } = await start('/usr/bin/zsh', { '.zshrc': zshrc });
    await keptOut(terminal, server.dataDir, {
      kept: ' echo zshsecret-$((5*5))',
      marker: /zshsecret-25/,
      secret: 'zshsecret',
      expected: ["echo before-''mark", "echo after-''mark"],
    });
    // HISTORY_IGNORE is a zsh pattern: zsh matches it and says so.
    await ended(terminal, 2);
    await terminal.run("HISTORY_IGNORE='(vault *|pass show *)'", /➜/);
    await ended(terminal, 3);
    await terminal.run('vault() { echo "$1"-zout; }', /➜/);
    await ended(terminal, 4);
    await terminal.run('vault zpatternsecret', /zpatternsecret-zout/);
    await terminal.run('unsetopt HIST_IGNORE_SPACE', /➜/);
    await ended(terminal, 5);
    await terminal.run(' echo zshkept-$((3*3))', /zshkept-9/);
    await expect
      .poll(async () => (await terminal.commands()).map((c) => c.commandLine))
      .toEqual([
        "echo before-''mark",
        "echo after-''mark",
        "HISTORY_IGNORE='(vault *|pass show *)'",
        'vault() { echo "$1"-zout; }',
        'unsetopt HIST_IGNORE_SPACE',
        ' echo zshkept-$((3*3))',
      ]);
    await client!.invoke('history:free-space', {});
    expect(databaseContains(server.dataDir, 'zpatternsecret')).toBe(false);
  });

  it('fish keeps a leading-space line out (always)', async () => {
    const { server, terminal } = await start('/usr/bin/fish', { '.config/fish/config.fish': "function fish_prompt; echo -n 'F> '; end\n" });
    await keptOut(terminal, server.dataDir, {
      kept: ' echo fishsecret-(math 5 \\* 5)',
      marker: /fishsecret-25/,
      secret: 'fishsecret',
      expected: ["echo before-''mark", "echo after-''mark"],
    });
  });
});
