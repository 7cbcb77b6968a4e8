// SPDX-License-Identifier: MIT
import { classifyCommand, isReadOnlyCommand, JUDGED_COMMANDS, writingRedirects } from './classify';
import { parseCommandLine, type SimpleCommand } from './parse-command';
import { programName } from './words';

/**
 * Programs that run what the directory's own files tell them to, so that no list can make them
 * safe to run unasked. git runs programs named by the repository's configuration and hooks
 * (core.fsmonitor on `git status`, core.pager on `git log`, a clean filter named in .gitattributes
 * for any file whose stamp changed, textconv, gpg.program for a signature, post-index-change); git's
 * own manual (git(1), SECURITY) says it is not safe to run git in a .git that came from elsewhere,
 * and a project unpacked from a tarball, or a bare repository committed as plain files, is one.
 * `-c` can silence the keys with fixed names but not filter or diff drivers, whose names the
 * repository chooses, so git always waits for Run (docs/assistant-actions.md).
 */
const REPOSITORY_PROGRAMS = new Set(['git']);

/** `git status` → ['git', 'status']: an entry is a command and its first words. */
const wordsOf = (entry: string): string[] => entry.trim().split(/\s+/).filter(Boolean);

/** The command's words as they would run; an expansion anywhere means they are not known. */
const runWords = (cmd: SimpleCommand): string[] | null =>
  cmd.dynamicName || cmd.args.some((a) => a.dynamic) ? null : [cmd.name, ...cmd.args.map((a) => a.value)];

const matches = (words: readonly string[], entry: readonly string[]): boolean =>
  entry.length > 0 && entry.length <= words.length && entry.every((word, i) => words[i] === word);

/**
 * Whether the allow-list lets `line` run without asking. Every command the line would run (after
 * pipelines, lists, substitutions, wrappers, eval and `sh -c`) must start with an entry's words;
 * nothing may be written by a redirection; a destructive or unreadable line never qualifies; and
 * a command whose arguments decide what it does (`find -delete`, `git branch -D`, `sort -o`) must
 * also pass the classifier's own read-only check, whatever the entry says. Expansions (`ls $DIR`)
 * do not run unasked: their value is only known when they run.
 */
export const mayRunUnasked = async (line: string, entries: readonly string[]): Promise<boolean> => {
  // Typed at a prompt whose locale is not UTF-8, readline reads the bytes of a non-ASCII character
  // as Meta keys (0xE2 is M-b, back a word; 0xE4 is M-d, kill a word), which edit the line before it
  // runs. Such a line may still run, but only after the user has read it and chosen Run.
  if (/[^\x20-\x7e]/.test(line)) return false;
  const classification = await classifyCommand(line);
  if (classification.risk === 'destructive' || classification.risk === 'unparsed') return false;
  const parsed = await parseCommandLine(line);
  if (!parsed.ok || parsed.commands.length === 0 || writingRedirects(parsed.redirects).length > 0) return false;
  // `GIT_PAGER=… git log`, `PATH=/tmp ls`, `export PROMPT_COMMAND=…`, `ls(){ …; }`: the listed
  // command would not be the one the user knows, or the shell would change for later commands.
  if (parsed.shellChanges.length > 0) return false;
  const allowed = entries.map(wordsOf);
  return parsed.commands.every((cmd) => {
    const words = runWords(cmd);
    if (words === null || !allowed.some((entry) => matches(words, entry))) return false;
    if (cmd.wrappers.some((w) => !JUDGED_COMMANDS.has(w))) return false;
    if (REPOSITORY_PROGRAMS.has(programName(cmd.name))) return false;
    return !JUDGED_COMMANDS.has(cmd.name) || isReadOnlyCommand(cmd);
  });
};
