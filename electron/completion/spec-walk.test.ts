// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { typedCommand } from './command-words';
import { SpecLoader } from './spec-loader';
import { walkSpec } from './spec-walk';

const specs = new SpecLoader(() => undefined);

/** What the real spec of the typed program offers at the cursor, by text. */
const offered = async (line: string) => {
  const { program, args, word } = typedCommand(line);
  const spec = await specs.load(program);
  if (!spec) throw new Error(`no spec for ${program}`);
  return walkSpec(spec, args, word, (name) => specs.load(name));
};
const texts = async (line: string) => (await offered(line)).items.map((item) => item.text);

describe('walking a Fig spec along the typed words', () => {
  it('offers git subcommands at `git ch`, checkout and cherry-pick among them, with descriptions', async () => {
    const { items } = await offered('git ch');
    const checkout = items.find((item) => item.text === 'checkout');
    expect(checkout).toMatchObject({ kind: 'subcommand', description: expect.stringMatching(/switch branches/i) });
    expect(items.some((item) => item.text === 'cherry-pick')).toBe(true);
  });

  it("offers the subcommand's options once a dash is typed, and only options", async () => {
    const items = (await offered('git checkout -')).items;
    expect(items.map((item) => item.text)).toEqual(expect.arrayContaining(['-b', '-q', '--quiet']));
    expect(items.every((item) => item.kind === 'option')).toBe(true);
  });

  it('leaves out an option already given, and walks past an option and its argument', async () => {
    expect(await texts('git checkout -q -')).not.toContain('--quiet');
    // `-m msg` takes its argument: the next word is a subcommand position of commit again.
    expect(await texts('git commit -m msg -')).toContain('--amend');
  });

  it("reaches a nested subcommand's own subcommands", async () => {
    expect(await texts('git remote ')).toEqual(expect.arrayContaining(['add', 'remove', 'rename']));
  });

  it('says where paths go (ls and cd take paths), and runs no generator to say it', async () => {
    expect((await offered('ls ')).paths).toBe('files');
    // cd lists folders with custom code, which is not run: paths are offered instead.
    expect((await offered('cd ')).paths).toBe('files');
  });

  it('a spec that throws while loading gives no spec and is logged, and the next program still loads', async () => {
    const logged: string[] = [];
    const broken = new SpecLoader(
      (message) => logged.push(message),
      async () =>
        new Map([
          ['boom', () => Promise.reject(new Error('spec exploded'))],
          ['fine', () => Promise.resolve({ default: { name: 'fine', subcommands: [{ name: 'go' }] } })],
        ]),
    );
    expect(await broken.load('boom')).toBeUndefined();
    expect(logged.join('\n')).toMatch(/boom spec failed to load: Error: spec exploded/);
    expect((await broken.load('fine'))?.subcommands?.[0]?.name).toBe('go');
  });

  it('never imports a name the index does not list (a typed word is not a path)', async () => {
    expect(await specs.load('../../package')).toBeUndefined();
    expect(await specs.load('__proto__')).toBeUndefined();
    // `then` is a real spec: the index must not become a thenable that an await never finishes.
    expect((await specs.load('then'))?.name).toBe('then');
  });
});

describe('the typed line', () => {
  it('splits program, finished words and the word under the cursor, after the last operator and wrappers', () => {
    expect(typedCommand('git ch')).toEqual({ program: 'git', args: [], word: 'ch' });
    expect(typedCommand('make && sudo git checkout ')).toEqual({ program: 'git', args: ['checkout'], word: '' });
    expect(typedCommand('FOO=1 ls "my dir')).toEqual({ program: 'ls', args: [], word: '"my dir' });
    expect(typedCommand('gi')).toEqual({ program: '', args: [], word: 'gi' });
  });

  it('takes a 10,000-character line and control characters without failing', () => {
    const long = `git ${'a'.repeat(9_990)} ch`;
    expect(typedCommand(long).word).toBe('ch');
    expect(typedCommand('git \u0007\u001b[31m ch').program).toBe('git');
  });
});
