// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandsChannels } from '../../shared/ipc/commands';
import { commandInput, sessionInput } from '../store/testing/fixtures';
import { useTempStore } from '../store/testing/temp-store';
import { commandsHandlers, type CommandsRecorder } from './commands-handlers';

const recorder = { liveSessions: () => [], live: () => undefined } as unknown as CommandsRecorder;

/** On a real store: a typo gets its fix the first time, before any fix of it was ever run. */
describe('commands:quick-fixes on a first typo', () => {
  const temp = useTempStore();
  const T = 1_800_000_000_000;
  let seq = 0;
  const run = (commandLine: string, exitCode: number, cwd = '/repo', cleanOutput?: string) => {
    seq += 1;
    temp.store.upsertCommand({
      ...commandInput('s', seq, { commandLine, cwd, startedAt: T + seq * 1000, endedAt: T + seq * 1000 + 100, exitCode }),
      ...(cleanOutput ? { cleanOutput } : {}),
    });
    return `s:${seq}`;
  };
  const fixes = async (commandId: string, onPath: readonly string[] = []) => {
    await temp.store.flush();
    const handler = commandsHandlers(temp.store, recorder, { pathPrograms: async () => new Set(onPath) })['commands:quick-fixes'];
    const response = await handler(commandsChannels['commands:quick-fixes'].req.parse({ commandId }), undefined as never);
    return commandsChannels['commands:quick-fixes'].res.parse(response).fixes.map((fix) => `${fix.commandLine} (${fix.origin})`);
  };

  it('offers the program that worked before for a program name typed wrong, in another folder too', async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    run('git status', 0, '/elsewhere');
    const typo = run('gti status', 127);
    expect(await fixes(typo)).toEqual(['git status (known-program)']);
  });

  it('offers a program on PATH for a program never run', async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    const typo = run('pyhton3 -V', 127);
    expect(await fixes(typo, ['python3', 'ls', 'python'])).toEqual(['python3 -V (on-path)', 'python -V (on-path)']);
  });

  it("offers the tool's own suggestion (npm, git)", async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    const npm =
      'Unknown command: "tset"\n\n\nDid you mean this?\n  npm set # Set a value in the npm configuration\nTo see a list of supported npm commands, run:\n  npm help\n';
    expect(await fixes(run('npm tset', 1, '/repo', npm))).toEqual(['npm set (tool-hint)']);
    const git = "git: 'stauts' is not a git command. See 'git --help'.\n\nThe most similar command is\n\tstatus\n";
    expect(await fixes(run('git stauts -s', 1, '/repo', git))).toEqual(['git status -s (tool-hint)']);
  });

  it("ranks a subcommand that worked before above the tool's suggestion", async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    run('npm test', 0, '/other');
    const npm = 'Unknown command: "tset"\n\n\nDid you mean this?\n  npm set # Set a value in the npm configuration\n';
    expect(await fixes(run('npm tset', 1, '/repo', npm))).toEqual(['npm test (known-subcommand)', 'npm set (tool-hint)']);
  });

  it('offers nothing for a failure no name explains', async () => {
    temp.store.startSession(sessionInput('s', { startedAt: T }));
    run('git status', 0);
    expect(await fixes(run('make build', 2, '/repo', 'make: *** No rule to make target'))).toEqual([]);
    // A suggestion a shell would act on is not taken from the output.
    expect(await fixes(run('gti x', 1, '/repo', 'Did you mean `git;rm`?'))).toEqual([]);
  });
});
