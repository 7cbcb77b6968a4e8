// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { CompletionService, type CompletionDeps } from './completion-service';

type CompletionPlace = NonNullable<ReturnType<CompletionDeps['place']>>;
import { SpecLoader } from './spec-loader';
import { localSpecs } from './testing/local-specs';

const fakeSpecs = (specs: Record<string, unknown>, log: (message: string) => void) =>
  localSpecs(
    new SpecLoader(log, async () => new Map(Object.entries(specs).map(([name, spec]) => [name, () => Promise.resolve({ default: spec })]))),
    log,
  );

const service = ({ place, ...over }: Partial<Omit<CompletionDeps, 'place'>> & { place?: CompletionPlace } = {}) => {
  const logged: string[] = [];
  const log = (message: string) => logged.push(message);
  const deps: CompletionDeps = {
    place: () => place ?? { cwd: '/nonexistent-dir', remote: false, private: false },
    specs: fakeSpecs({ tool: { name: 'tool', subcommands: [{ name: 'build', description: 'Build it' }] } }, log),
    pastLines: async () => ['tool build --release', 'tool deploy'],
    isSecret: () => false,
    log,
    ...over,
  };
  return { completion: new CompletionService(deps), logged };
};

describe('the completion service', () => {
  it("joins the spec's subcommands and the user's past arguments, the spec's first", async () => {
    const { completion } = service();
    const answer = await completion.list({ terminalId: 't', line: 'tool b' });
    expect(answer.word).toBe('b');
    expect(answer.items.map((item) => [item.text, item.kind])).toEqual([
      ['build', 'subcommand'],
      ['deploy', 'history'],
    ]);
  });

  it('offers nothing in a remote shell (its files and programs are not here), and says so', async () => {
    const { completion } = service({ place: { cwd: '/', remote: true, private: false } });
    expect(await completion.list({ terminalId: 't', line: 'tool b' })).toEqual({ items: [], word: 'b', unavailable: 'remote' });
  });

  it('no past arguments in a private terminal', async () => {
    const { completion } = service({ place: { cwd: '/nonexistent-dir', remote: false, private: true } });
    expect((await completion.list({ terminalId: 't', line: 'tool ' })).items.map((item) => item.kind)).toEqual(['subcommand']);
  });

  it('a spec that throws while it is walked gives no items and is logged', async () => {
    const logs: string[] = [];
    const hostile = {
      name: 'bad',
      get subcommands(): never {
        throw new Error('getter exploded');
      },
    };
    const { completion } = service({
      specs: fakeSpecs({ bad: hostile }, (m) => logs.push(m)),
      pastLines: async () => [],
      log: (m) => logs.push(m),
    });
    expect((await completion.list({ terminalId: 't', line: 'bad sub x' })).items).toEqual([]);
    expect(logs.join('\n')).toMatch(/walking the bad spec failed: Error: getter exploded/);
  });

  it('a failing history read still answers with the spec', async () => {
    const { completion, logged } = service({ pastLines: () => Promise.reject(new Error('reader gone')) });
    expect((await completion.list({ terminalId: 't', line: 'tool ' })).items.map((item) => item.text)).toEqual(['build']);
    expect(logged.join('\n')).toMatch(/reader gone/);
  });
});
