// SPDX-License-Identifier: MIT
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentsFileError, AgentsFileReader, findRepositoryRoot } from './agents-file';

let base: string;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'agents-file-')));
});

afterEach(() => rmSync(base, { recursive: true, force: true }));

const repo = (name: string, gitFile = false): string => {
  const root = join(base, name);
  mkdirSync(join(root, 'src', 'deep', 'er'), { recursive: true });
  if (gitFile) writeFileSync(join(root, '.git'), 'gitdir: /elsewhere/.git/worktrees/x\n');
  else mkdirSync(join(root, '.git'));
  return root;
};

/** A real repository, as `git init` makes one; `git` runs in it as the user would. */
const gitRepo = (name: string): { root: string; git: (...args: string[]) => void } => {
  const root = join(base, name);
  mkdirSync(root);
  const git = (...args: string[]): void => {
    execFileSync('git', ['-C', root, '-c', 'user.name=t', '-c', 'user.email=t@example.invalid', ...args], { stdio: 'ignore' });
  };
  git('init', '-q');
  return { root, git };
};

const refusalOf = async (reader: AgentsFileReader, root: string): Promise<AgentsFileError> => {
  const error = await reader.read(root).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AgentsFileError);
  return error as AgentsFileError;
};

describe('findRepositoryRoot', () => {
  it('walks up from a nested directory to the nearest .git, directory or file', async () => {
    const outer = repo('outer');
    expect(await findRepositoryRoot(join(outer, 'src', 'deep', 'er'))).toBe(outer);
    expect(await findRepositoryRoot(outer)).toBe(outer);
    // A worktree or submodule inside another repository: its own .git file wins.
    const inner = join(outer, 'src', 'sub');
    mkdirSync(join(inner, 'lib'), { recursive: true });
    writeFileSync(join(inner, '.git'), 'gitdir: ../../.git/modules/sub\n');
    expect(await findRepositoryRoot(join(inner, 'lib'))).toBe(inner);
  });

  it('finds nothing outside a repository, for a relative path or a directory that is gone', async () => {
    mkdirSync(join(base, 'plain', 'dir'), { recursive: true });
    // The temp directory itself must not sit inside a repository for this to mean anything.
    expect(await findRepositoryRoot(base)).toBeNull();
    expect(await findRepositoryRoot(join(base, 'plain', 'dir'))).toBeNull();
    expect(await findRepositoryRoot('relative/dir')).toBeNull();
    const root = repo('r', true);
    expect(await findRepositoryRoot(join(root, 'deleted', 'since'))).toBe(root);
  });
});

describe('AgentsFileReader', () => {
  it('reads the root AGENTS.md and reports none when there is none (or it is empty)', async () => {
    const root = repo('r');
    const reader = new AgentsFileReader();
    expect(await reader.read(root)).toBeNull();
    const content = '\uFEFF# Rules\nUse pnpm, never npm.\n';
    writeFileSync(join(root, 'AGENTS.md'), content);
    const bytes = Buffer.byteLength(content);
    expect(await reader.read(root)).toEqual({
      root,
      path: join(root, 'AGENTS.md'),
      text: '# Rules\nUse pnpm, never npm.\n',
      bytes,
      truncated: false,
    });
    writeFileSync(join(root, 'AGENTS.md'), '  \n\n');
    expect(await reader.read(root)).toBeNull();
  });

  it('caps the size at a character boundary and says it was truncated', async () => {
    const root = repo('r');
    // 'é' is two bytes: the cap at 2048 bytes splits one, which must not become a replacement character.
    writeFileSync(join(root, 'AGENTS.md'), `a${'é'.repeat(3000)}`);
    const file = (await new AgentsFileReader(2048).read(root))!;
    expect(file.truncated).toBe(true);
    expect(file.bytes).toBe(6001);
    expect(file.text).toBe(`a${'é'.repeat(1023)}\n[… truncated: the first 2 KiB of 6 KiB]`);
    expect(file.text).not.toContain('\uFFFD');
    const whole = (await new AgentsFileReader(32 * 1024).read(root))!;
    expect(whole.truncated).toBe(false);
    expect(whole.text.length).toBe(3001);
  });

  it('keeps an unchanged file and reads it again once its mtime changes', async () => {
    const root = repo('r');
    const path = join(root, 'AGENTS.md');
    // Whole seconds, so setting the same mtime again restores it exactly.
    const then = Math.floor(Date.now() / 1000) - 60;
    writeFileSync(path, 'rule one');
    utimesSync(path, then, then);
    const reader = new AgentsFileReader();
    expect((await reader.read(root))!.text).toBe('rule one');
    // Same size, same mtime: the cache answers, so the new words are not seen.
    writeFileSync(path, 'rule two');
    utimesSync(path, then, then);
    expect(statSync(path).mtimeMs).toBe(then * 1000);
    expect((await reader.read(root))!.text).toBe('rule one');
    utimesSync(path, then, then + 5);
    expect((await reader.read(root))!.text).toBe('rule two');
    // A fresh reader has no cache: proof the first answer above came from it.
    expect((await new AgentsFileReader().read(root))!.text).toBe('rule two');
  });

  it('follows a symlink to a tracked file inside the repository and refuses one that leaves it', async () => {
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, 'CLAUDE.md'), 'shared rules');
    symlinkSync('CLAUDE.md', join(root, 'AGENTS.md'));
    git('add', 'CLAUDE.md', 'AGENTS.md');
    const file = (await new AgentsFileReader().read(root))!;
    expect(file).toMatchObject({ path: join(root, 'AGENTS.md'), text: 'shared rules' });

    const other = repo('other');
    writeFileSync(join(base, 'id_rsa'), 'PRIVATE');
    symlinkSync(join(base, 'id_rsa'), join(other, 'AGENTS.md'));
    const refused = await new AgentsFileReader().read(other).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AgentsFileError);
    expect((refused as AgentsFileError).code).toBe('outside-repository');
  });

  it('refuses an AGENTS.md that is not a regular file', async () => {
    const root = repo('r');
    mkdirSync(join(root, 'AGENTS.md'));
    const error = await new AgentsFileReader().read(root).catch((e: unknown) => e);
    expect((error as AgentsFileError).code).toBe('not-a-file');
  });
});

describe('AgentsFileReader in a git repository: only what the repository itself holds', () => {
  const ENV = 'OPENAI_API_KEY=sk-proj-DOTENV-NEVER-SENT\n';

  it('reads a tracked AGENTS.md, and not an untracked or an ignored one', async () => {
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, 'AGENTS.md'), 'repository rules');
    const reader = new AgentsFileReader();
    expect((await refusalOf(reader, root)).message).toBe(
      `${join(root, 'AGENTS.md')} is not tracked by git; only a tracked file of the repository is read`,
    );
    git('add', 'AGENTS.md');
    expect((await reader.read(root))!.text).toBe('repository rules');
    // Tracked, then matched by the ignore rules: its owner meant it kept out.
    writeFileSync(join(root, '.gitignore'), 'AGENTS.md\n');
    expect((await refusalOf(reader, root)).code).toBe('not-tracked');
    git('rm', '-q', '--cached', 'AGENTS.md');
    expect((await refusalOf(reader, root)).message).toMatch(/is not tracked by git/);
  });

  it("never sends the user's ignored .env through a committed AGENTS.md -> .env", async () => {
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, '.gitignore'), '.env\n');
    writeFileSync(join(root, '.env'), ENV);
    symlinkSync('.env', join(root, 'AGENTS.md'));
    git('add', '.gitignore', 'AGENTS.md');
    git('commit', '-qm', 'rules');
    const refused = await refusalOf(new AgentsFileReader(), root);
    expect(refused.code).toBe('not-tracked');
    expect(refused.message).toBe(
      `${join(root, 'AGENTS.md')} leads to .env, which is not tracked by git; only a tracked file of the repository is read`,
    );
    expect(refused.message).not.toContain('DOTENV');
    // Force-added, it is tracked but still ignored: still not sent.
    git('add', '-f', '.env');
    expect((await refusalOf(new AgentsFileReader(), root)).message).toMatch(/leads to \.env, which is ignored by git/);
  });

  it('asks git again once the index changes, though the file did not', async () => {
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, 'AGENTS.md'), 'rules');
    git('add', 'AGENTS.md');
    const reader = new AgentsFileReader();
    expect((await reader.read(root))!.text).toBe('rules');
    git('rm', '-q', '--cached', 'AGENTS.md');
    expect((await refusalOf(reader, root)).code).toBe('not-tracked');
  });

  it("reads a linked worktree's tracked AGENTS.md, and sees the shared info/exclude change", async () => {
    const { root, git } = gitRepo('main');
    writeFileSync(join(root, 'AGENTS.md'), 'worktree rules');
    git('add', 'AGENTS.md');
    git('commit', '-qm', 'rules');
    const tree = join(base, 'linked');
    git('worktree', 'add', '-q', tree);
    const reader = new AgentsFileReader();
    expect((await reader.read(tree))!.text).toBe('worktree rules');
    writeFileSync(join(root, '.git', 'info', 'exclude'), 'AGENTS.md\n');
    expect((await refusalOf(reader, tree)).message).toMatch(/is ignored by git/);
  });

  it("runs no program the repository's config names (core.fsmonitor)", async () => {
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, 'AGENTS.md'), 'rules');
    git('add', 'AGENTS.md');
    const canary = join(base, 'canary');
    const hook = join(base, 'fsmonitor.sh');
    writeFileSync(hook, `#!/bin/sh\ntouch '${canary}'\n`);
    chmodSync(hook, 0o755);
    git('config', 'core.fsmonitor', hook);
    expect((await new AgentsFileReader().read(root))!.text).toBe('rules');
    expect(existsSync(canary)).toBe(false);
  });

  it('reads only a regular file where git cannot answer (a .git it does not accept), never a link', async () => {
    const root = repo('fake');
    writeFileSync(join(root, 'CLAUDE.md'), 'rules');
    writeFileSync(join(root, '.env'), ENV);
    symlinkSync('.env', join(root, 'AGENTS.md'));
    const refused = await refusalOf(new AgentsFileReader(), root);
    expect(refused.code).toBe('link-without-git');
    expect(refused.message).not.toContain('DOTENV');
    rmSync(join(root, 'AGENTS.md'));
    writeFileSync(join(root, 'AGENTS.md'), 'plain rules');
    expect((await new AgentsFileReader().read(root))!.text).toBe('plain rules');
  });

  it('refuses, and asks again next time, when git was killed (a git that hangs is killed at its timeout)', async () => {
    const { root } = gitRepo('r');
    writeFileSync(join(root, '.gitignore'), 'AGENTS.md\n');
    writeFileSync(join(root, 'AGENTS.md'), 'my own ignored notes');
    // A git killed mid-answer says nothing about the repository: it is not one git "cannot answer for".
    const bin = join(base, 'bin');
    mkdirSync(bin);
    writeFileSync(join(bin, 'git'), '#!/bin/sh\nkill -TERM $$\n');
    chmodSync(join(bin, 'git'), 0o755);
    const reader = new AgentsFileReader();
    const path = process.env.PATH;
    process.env.PATH = `${bin}:${path ?? ''}`;
    try {
      expect((await refusalOf(reader, root)).code).toBe('git-failed');
    } finally {
      process.env.PATH = path;
    }
    // The failure was not remembered as "git cannot answer here": the real git now says it is ignored.
    expect((await refusalOf(reader, root)).code).toBe('not-tracked');
  });

  it('refuses a tracked AGENTS.md that is a hard link: it may be another name for an ignored .env', async () => {
    // An archive can ship such a pair; an editor that writes in place keeps it as the user fills .env in.
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, '.gitignore'), '.env\n');
    writeFileSync(join(root, 'AGENTS.md'), 'rules');
    git('add', '.gitignore', 'AGENTS.md');
    git('commit', '-qm', 'rules');
    rmSync(join(root, 'AGENTS.md'));
    writeFileSync(join(root, '.env'), ENV);
    linkSync(join(root, '.env'), join(root, 'AGENTS.md'));
    const refused = await refusalOf(new AgentsFileReader(), root);
    expect(refused.code).toBe('hard-link');
    expect(refused.message).not.toContain('DOTENV');
  });

  it('follows a link only to a file as git has it staged: a committed AGENTS.md -> .env template filled in locally is not sent', async () => {
    const { root, git } = gitRepo('r');
    writeFileSync(join(root, '.env'), 'OPENAI_API_KEY=changeme\n');
    symlinkSync('.env', join(root, 'AGENTS.md'));
    git('add', '.env', 'AGENTS.md');
    git('commit', '-qm', 'template');
    expect((await new AgentsFileReader().read(root))!.text).toBe('OPENAI_API_KEY=changeme\n');
    writeFileSync(join(root, '.env'), ENV);
    const refused = await refusalOf(new AgentsFileReader(), root);
    expect(refused.code).toBe('not-staged');
    expect(refused.message).toBe(
      `${join(root, 'AGENTS.md')} leads to .env, which differs from what git has staged; only the repository's own content is followed through a link (git add it to use it)`,
    );
    // Staged, it is the repository's content again (the user's choice).
    git('add', '.env');
    expect((await new AgentsFileReader().read(root))!.text).toBe(ENV);
  });
});
