// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { QuickFix } from './candidates';
import { editDistance, isTypo, tokenize, type Token } from './tokens';

/** What the failure's host knows besides its history of fixes: program names and the failure's own output. */
export interface FirstTypoFacts {
  /** Programs that worked on the failure's host, most used first (only read for a program not found). */
  readonly programs?: readonly { readonly word: string; readonly runs: number; readonly lastUsedAt: number }[];
  /** Program names on this machine's PATH; only for a failure on this machine. */
  readonly onPath?: ReadonlySet<string>;
  /** The failed command's clean output, where tools print their own "did you mean". */
  readonly output?: string;
}

/** A word a tool may suggest: letters, digits and `_ : . + -`, nothing a shell would act on. */
const PLAIN_WORD = /^[\w][\w:.+-]*$/;
/** How far a tool's own suggestion may be from the word it replaces: the tool knows better than a typo budget. */
const HINT_DISTANCE = 3;

/**
 * The lines in which tools name what the user meant: git ("The most similar command is", then the
 * indented names), npm ("Did you mean this?" then indented `npm …` lines), cargo ("Did you mean
 * `build`?", "a command with a similar name exists: `build`"), Debian's command-not-found
 * ("Command 'gti' not found, did you mean: command 'git' from deb git"), and others' "did you mean X?".
 */
const HINTS: readonly ((output: string) => string[])[] = [
  (output) =>
    [...output.matchAll(/The most similar commands? (?:is|are)\s*\n((?:[ \t]+\S+[ \t]*(?:\n|$))+)/g)].flatMap((m) =>
      (m[1] ?? '').split(/\s+/),
    ),
  (output) =>
    [...output.matchAll(/Did you mean (?:this|one of these)\?\s*\n((?:[ \t]+\S[^\n]*(?:\n|$))+)/g)].flatMap((m) =>
      (m[1] ?? '').split('\n').flatMap((line) => line.split('#')[0]!.trim().split(/\s+/)),
    ),
  (output) => [...output.matchAll(/command '([^'\s]+)' from /g)].map((m) => m[1] ?? ''),
  (output) => [...output.matchAll(/similar name exists: [`'"]([^`'"\s]+)[`'"]/g)].map((m) => m[1] ?? ''),
  (output) =>
    [...output.matchAll(/[Dd]id you mean[:\s]+[`'"]?([\w][\w:.+-]*)[`'"]?\s*\?/g)].map((m) => m[1] ?? '').filter((word) => word !== 'this'),
];

/** The failed line with its word `token` replaced by `word` (raw text spliced, so the rest keeps its quoting). */
const replaced = (line: string, token: Token, word: string): string => `${line.slice(0, token.start)}${word}${line.slice(token.end)}`;

/** The first words that name what runs: the program, past a leading `sudo`, and its subcommand. */
const programIndex = (tokens: readonly Token[]): number => (tokens[0]?.value === 'sudo' && tokens.length > 1 ? 1 : 0);

/** Fixes from the tool's own suggestions in its output: each suggested word replaces the nearby word it corrects. */
const fromHints = (failed: CommandRecord, line: string, tokens: readonly Token[], output: string): QuickFix[] => {
  const words = [...new Set(HINTS.flatMap((hint) => hint(output)))].filter((word) => PLAIN_WORD.test(word));
  const first = programIndex(tokens);
  return words.flatMap((word) => {
    let best: { token: Token; distance: number } | undefined;
    for (const token of tokens.slice(first, first + 3)) {
      if (token.value === word) continue;
      const distance = editDistance(token.value, word, HINT_DISTANCE);
      if (distance <= HINT_DISTANCE && (!best || distance < best.distance)) best = { token, distance };
    }
    if (!best) return [];
    return [
      {
        line: replaced(line, best.token, word),
        kind: 'typo',
        score: 0.9 - best.distance / 100,
        count: 1,
        lastUsedAt: failed.startedAt,
        origin: 'tool-hint',
      } as const,
    ];
  });
};

/** A program not found (`gti`): the programs that worked before and those on PATH it misspells, the used ones first. */
const fromPrograms = (failed: CommandRecord, line: string, tokens: readonly Token[], facts: FirstTypoFacts): QuickFix[] => {
  if (failed.exitCode !== 127) return [];
  const program = tokens[programIndex(tokens)];
  if (!program) return [];
  const used = (facts.programs ?? []).filter((p) => isTypo(program.value, p.word));
  const usedWords = new Set(used.map((p) => p.word));
  const onPath = [...(facts.onPath ?? [])].filter((name) => !usedWords.has(name) && isTypo(program.value, name));
  const fixes: QuickFix[] = used.map((p) => ({
    line: replaced(line, program, p.word),
    kind: 'typo',
    score: 0.93 + Math.min(p.runs, 50) / 10_000,
    count: p.runs,
    lastUsedAt: p.lastUsedAt,
    origin: 'known-program',
  }));
  for (const name of onPath.sort((a, b) => editDistance(program.value, a) - editDistance(program.value, b) || a.localeCompare(b))) {
    fixes.push({
      line: replaced(line, program, name),
      kind: 'typo',
      score: 0.5,
      count: 1,
      lastUsedAt: failed.startedAt,
      origin: 'on-path',
    });
  }
  return fixes;
};

/**
 * A subcommand typed wrong (`git stauts`): the subcommands of the same program that worked before
 * (once is enough), when the failed one never did.
 */
const fromSubcommands = (failed: CommandRecord, line: string, tokens: readonly Token[], history: readonly CommandRecord[]): QuickFix[] => {
  const at = programIndex(tokens) + 1;
  const program = tokens[at - 1]?.value;
  const sub = tokens[at];
  if (!program || !sub || sub.value.startsWith('-')) return [];
  const worked = new Map<string, { runs: number; lastUsedAt: number }>();
  for (const command of history) {
    if (command.exitCode !== 0 || !command.commandLine || command.startedAt >= failed.startedAt) continue;
    if ((command.remote?.host ?? null) !== (failed.remote?.host ?? null)) continue;
    const words = tokenize(command.commandLine);
    const first = programIndex(words);
    const word = words[first + 1]?.value;
    if (words[first]?.value !== program || !word) continue;
    const seen = worked.get(word) ?? { runs: 0, lastUsedAt: 0 };
    worked.set(word, { runs: seen.runs + 1, lastUsedAt: Math.max(seen.lastUsedAt, command.startedAt) });
  }
  if (worked.has(sub.value)) return [];
  return [...worked].flatMap(([word, use]) =>
    isTypo(sub.value, word)
      ? [
          {
            line: replaced(line, sub, word),
            kind: 'typo',
            score: 0.92 + Math.min(use.runs, 50) / 10_000,
            count: use.runs,
            lastUsedAt: use.lastUsedAt,
            origin: 'known-subcommand',
          } as const,
        ]
      : [],
  );
};

/**
 * Fixes for a first typo, which the history of fixes (candidates.ts) cannot know yet: the tool's own
 * suggestion, a program name that worked before or is on PATH, a subcommand of the program that
 * worked before. Best first: what the user ran before (their intent: `npm tset` after `npm test`
 * worked means test, though npm suggests `set`), then the tool's suggestion, then PATH; the caller
 * merges them after the fixes the user ran after such a failure.
 */
export const firstTypoFixes = (failed: CommandRecord, history: readonly CommandRecord[], facts: FirstTypoFacts): QuickFix[] => {
  const line = failed.commandLine;
  if (!line || failed.exitCode === null || failed.exitCode === 0) return [];
  const tokens = tokenize(line);
  if (tokens.length === 0) return [];
  return [
    ...(facts.output ? fromHints(failed, line, tokens, facts.output) : []),
    ...fromPrograms(failed, line, tokens, facts),
    ...fromSubcommands(failed, line, tokens, history),
  ].sort((a, b) => b.score - a.score);
};
