// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { commandRecord } from '../../shared/testing/command-record';
import { Redactor } from '../context/redaction';
import type { SuggestedLine } from '../store/queries/suggest-lines';
import { suggestHandler, type SuggestDeps } from './suggest-handler';

const TOKEN_LINE = 'export GITHUB_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789';
const suggested = (line: string): SuggestedLine => ({ line, place: 'here', succeeded: true, lastAt: 1, runs: 1 });

/** The store answers these lines, best first; the recorder knows terminal `t1` (at a prompt) and a private `p1`. */
const handlerWith = (lines: string[], options: { pending?: string[]; atPrompt?: boolean } = {}) => {
  const asked: Array<{ prefix: string; cwd: string | null; repository: string | null | undefined }> = [];
  const redactor = new Redactor();
  const deps: SuggestDeps = {
    store: {
      suggestLines: (prefix: string, cwd: string | null, _limit: number, repository?: string | null) => (
        asked.push({ prefix, cwd, repository }),
        Promise.resolve(lines.map(suggested))
      ),
      commandsByIds: (ids: readonly string[]) =>
        Promise.resolve(ids.map(() => commandRecord({ sessionId: 's', seq: 1, commandLine: 'git push --force' }))),
    },
    recorder: {
      live: (id: string) =>
        id === 't1'
          ? { id, shell: 'bash', hostname: 'h', cwd: '/repo', title: 'bash', mode: 'integrated', startedAt: 0, endedAt: null }
          : undefined,
      recording: (id: string) => (id === 'p1' ? 'private' : 'on'),
      atPrompt: () => options.atPrompt ?? true,
    },
    pendingForgets: () => options.pending ?? [],
    offerable: (line) => redactor.redact(line).text === line,
    repositoryOf: (cwd) => Promise.resolve(cwd === '/repo' ? '/repo' : null),
  };
  return { handler: suggestHandler(deps), asked };
};

describe('history:suggest', () => {
  it("asks the store with the terminal's directory and its repository, and answers its best line", async () => {
    const { handler, asked } = handlerWith(['git status', 'git stash']);
    expect(await handler({ id: 't1', prefix: 'git s' })).toEqual({ line: 'git status' });
    expect(asked).toEqual([{ prefix: 'git s', cwd: '/repo', repository: '/repo' }]);
  });

  it('never offers a secret-shaped line: the next one is offered instead', async () => {
    const { handler } = handlerWith([TOKEN_LINE, 'export PATH=/usr/bin']);
    expect(await handler({ id: 't1', prefix: 'export ' })).toEqual({ line: 'export PATH=/usr/bin' });
  });

  it('skips the lines of commands being forgotten (in their undo window)', async () => {
    const { handler } = handlerWith(['git push --force', 'git push'], { pending: ['s:1'] });
    expect(await handler({ id: 't1', prefix: 'git p' })).toEqual({ line: 'git push' });
  });

  it('answers nothing for a private terminal, an unknown one, or while a command runs', async () => {
    expect(await handlerWith(['ls -la']).handler({ id: 'p1', prefix: 'ls' })).toEqual({ line: null });
    expect(await handlerWith(['ls -la']).handler({ id: 'nope', prefix: 'ls' })).toEqual({ line: null });
    expect(await handlerWith(['ls -la'], { atPrompt: false }).handler({ id: 't1', prefix: 'ls' })).toEqual({ line: null });
  });
});
