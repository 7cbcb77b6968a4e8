// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import { appendFileSync, chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { projectPath } from '../../../electron/runtime/paths';
import { newNonce } from '../../../electron/segmenter/protocol/mark-codec';
import { FALLBACK_SCRIPT, integrationScript, remoteAnswer } from '../../../electron/ssh/remote-payload';
import { startServer, type AppServer } from '../../e2e/support/app';
import { Terminal } from '../support/host-terminal';
import { HostClient } from '../support/host-ws-client';
import { startSshd, sshdAvailable, type Sshd } from '../support/sshd';

/**
 * A hostile host: its forced command prints the integration request signed with the one-time id
 * it was given (the last word of the bootstrap command), exactly as the bootstrap would, and quits
 * at once. Often the request is read while ssh is still the foreground process, so the terminal
 * answers, but ssh is gone before it reads the answer: the answer is typed into the LOCAL shell.
 * Whatever it contains must then do nothing there: run no command, submit no line, leave nothing
 * in history. (Its rarest landing, part of the answer left unread when ssh restored cooked mode, is
 * played step by step in ssh-stranded-answer.test.ts.)
 */
const HOSTILE = `#!/bin/sh
id=\${SSH_ORIGINAL_COMMAND##* }
printf '\\033]633;R;%s;%s;%s\\007' /bin/bash "$(id -un)" "$id"
exit 0
`;
const ROUNDS = 10;
const MAX_ROUNDS = 40;
/** The start of an answer, as the local shell or tty echoes it when it lands there. */
const ANSWER_ECHOED = /:c[0-9a-f]{24}:[0-9a-f]{4}:[A-Za-z0-9+/]/g;
const DIR = projectPath('resources/shell-integration');

let sshd: Sshd | undefined;
let work = '';
let server: AppServer | undefined;
let client: HostClient | undefined;

/**
 * Every word and line the answer could run as a command, each an executable that leaves a mark:
 * the answer's words and its base64 in 64-character lines, bare and behind `#` (the answer's
 * lines before it became one frame, which zsh without interactive_comments ran).
 */
const plantTraps = (bin: string, cwd: string, marker: string): number => {
  const id = 'c0123456789abcdef01234567';
  const answers = [remoteAnswer(id, newNonce(), integrationScript('bash', DIR, id)), remoteAnswer(id, undefined, FALLBACK_SCRIPT)];
  const names = new Set<string>();
  for (const answer of answers) {
    const base64 = /[A-Za-z0-9+/]{40,}={0,2}/.exec(answer)?.[0] ?? '';
    const lines = Array.from({ length: Math.ceil(base64.length / 64) }, (_, at) => base64.slice(at * 64, at * 64 + 64));
    for (const word of [...answer.split(/[\s\x00-\x1f]+/), ...lines]) if (word) names.add(word).add(`#${word}`);
  }
  const trap = `#!/bin/sh\necho "$0" >> '${marker}'\n`;
  let planted = 0;
  for (const name of names) {
    // A word with a slash runs as a path relative to the shell's directory, any other from PATH
    // (one that names a directory, or both a directory and a file, cannot run).
    if (name.split('/').some((part) => part.length > 200 || part === '' || part === '.' || part === '..')) continue;
    const path = name.includes('/') ? join(cwd, name) : join(bin, name);
    try {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, trap, { mode: 0o755 });
      planted++;
    } catch {
      // A prefix of another word's path.
    }
  }
  return planted;
};

beforeAll(async () => {
  if (!sshdAvailable()) return;
  sshd = await startSshd();
  work = mkdtempSync(join(tmpdir(), 'ct-hostile-'));
  chmodSync(work, 0o755);
  const key = join(work, 'hostile_ed25519');
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', 'contexterm-hostile', '-f', key]);
  const script = join(work, 'hostile.sh');
  writeFileSync(script, HOSTILE);
  chmodSync(script, 0o755);
  // Only this key gets the forced command; the fixture's own key still logs in normally.
  appendFileSync(join(sshd.dir, 'authorized_keys'), `command="${script}" ${readFileSync(`${key}.pub`, 'utf8')}`);
  const config = [
    'Host ct-hostile',
    '  HostName 127.0.0.1',
    `  Port ${sshd.port}`,
    `  User ${sshd.users.dash}`,
    `  IdentityFile "${key}"`,
    '  IdentitiesOnly yes',
    `  UserKnownHostsFile "${join(sshd.dir, 'known_hosts')}"`,
    '  GlobalKnownHostsFile /dev/null',
    '  StrictHostKeyChecking yes',
    '  BatchMode yes',
    '  LogLevel ERROR',
    '',
  ];
  writeFileSync(join(work, 'config'), config.join('\n'));
}, 30_000);
afterAll(async () => {
  await sshd?.stop();
  if (work) rmSync(work, { recursive: true, force: true });
});
afterEach(async () => {
  client?.close();
  await server?.stop();
  server = client = undefined;
});

const say = (word: string) => `printf '%s-%s\\n' ${word} ok`;
const said = (word: string) => new RegExp(`${word}-ok`);

describe.skipIf(!sshdAvailable())('a hostile ssh host that asks for the integration and quits', () => {
  it.each([
    ['zsh with default options', '/usr/bin/zsh', 'fc -W'],
    ['bash', '/bin/bash', 'history -w'],
  ])(
    `types nothing the local shell runs, submits or keeps in history (%s, ${ROUNDS} rounds)`,
    async (_name, shell, saveHistory) => {
      const dir = mkdtempSync(join(work, 'shell-'));
      const [bin, cwd, marker, histfile] = ['bin', 'cwd', 'marker', 'history'].map((name) => join(dir, name)) as [
        string,
        string,
        string,
        string,
      ];
      mkdirSync(bin);
      mkdirSync(cwd);
      expect(plantTraps(bin, cwd, marker)).toBeGreaterThan(10);
      server = await startServer({
        env: { SHELL: shell, PATH: `${bin}:${process.env.PATH}`, HISTFILE: histfile, HISTSIZE: '10000', SAVEHIST: '10000' },
      });
      client = await HostClient.connect(server.origin, server.token);
      const terminal = await Terminal.open(client);
      const typed = [`cd ${cwd}`, say('ready')];
      await terminal.run(typed[0]!, /\n/);
      await terminal.run(typed[1]!, said('ready'));
      // Whether the answer reaches the local shell is a race (see HOSTILE): more rounds until it did.
      const landed = () => terminal.output.match(ANSWER_ECHOED)?.length ?? 0;
      for (let round = 0; round < ROUNDS || (landed() === 0 && round < MAX_ROUNDS); round++) {
        const line = `ssh -F ${join(work, 'config')} ct-hostile; ${say(`back${round}`)}`;
        typed.push(line);
        await terminal.run(line, said(`back${round}`));
      }
      // Typed after every answer: a line the answer left half-written would be prefixed to it.
      const save = `${saveHistory} ${histfile}; ${say('saved')}`;
      typed.push(say('alive'), save);
      await terminal.run(say('alive'), said('alive'));
      await terminal.run(save, said('saved'));

      expect(existsSync(marker) ? readFileSync(marker, 'utf8') : '', 'commands from the answer ran').toBe('');
      expect(/.{0,80}(command not found|no such file or directory|file name too long).{0,80}/i.exec(terminal.output)?.[0]).toBeUndefined();
      await expect.poll(async () => (await terminal.commands()).at(-1)?.commandLine, { timeout: 10_000 }).toBe(typed.at(-1));
      expect((await terminal.commands()).map((r) => r.commandLine)).toEqual(typed);
      const history = readFileSync(histfile, 'utf8').split('\n').filter(Boolean);
      expect(history).toContain(say('alive'));
      expect(
        history.filter((line) => !typed.includes(line)),
        'history lines nobody typed',
      ).toEqual([]);
      // Not passed for want of trying: the answer was typed into the local shell at least once.
      expect(landed()).toBeGreaterThan(0);
    },
    180_000,
  );
});
