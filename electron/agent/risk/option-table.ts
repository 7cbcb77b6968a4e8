// SPDX-License-Identifier: MIT
import type { Arg } from './words';

/**
 * A program's options as getopt reads them, so that the word after an option that takes a value is
 * not mistaken for the command it runs, and an option nobody listed is noticed.
 *
 * getopt's rules: short options bundle (`-0n1`); a short option that takes a value takes the rest of
 * its word or, at its end, the next word (`-oL`, `-o L`); one whose value is optional takes only the
 * rest of its word (xargs `-i{}`). A long option takes its value after `=` or, when the value is
 * required, as the next word (`--max-chars 100`), and may be abbreviated to any unambiguous prefix
 * (`--max-c 100`).
 */
export interface OptionTable {
  /** Short options that take a value. */
  readonly shortValue: string;
  /** Short options whose value is optional (only the rest of the word). */
  readonly shortOptional?: string;
  /** Short options without a value. */
  readonly shortFlags: string;
  readonly longValue: readonly string[];
  readonly longOptional?: readonly string[];
  readonly longFlags: readonly string[];
  /** Options that make the program act by itself (write a file, change another process, run a string). */
  readonly acting?: readonly string[];
  /** Operands before the command: timeout's duration, chrt's priority, taskset's mask. */
  readonly leadingOperands?: number;
  /** env: NAME=value words before the command. */
  readonly assignments?: boolean;
}

export interface ReadOptions {
  /** Where the command may start; several when an unknown option may or may not take a value. */
  readonly starts: readonly number[];
  /** An option not in the table was met: what it does is not known. */
  readonly unknown: boolean;
  /** Options of `acting` that were met, as the table names them. */
  readonly acting: readonly string[];
}

type Kind = 'value' | 'optional' | 'flag';

/** A long option by its full name or an unambiguous prefix (`--max-c`), as getopt_long matches it. */
const longKind = (table: OptionTable, name: string): { kind: Kind; full: string } | null => {
  const all: [string, Kind][] = [
    ...table.longValue.map((n): [string, Kind] => [n, 'value']),
    ...(table.longOptional ?? []).map((n): [string, Kind] => [n, 'optional']),
    ...table.longFlags.map((n): [string, Kind] => [n, 'flag']),
  ];
  const exact = all.find(([n]) => n === name);
  if (exact) return { kind: exact[1], full: exact[0] };
  const prefixed = all.filter(([n]) => n.startsWith(name));
  const only = prefixed[0];
  return prefixed.length === 1 && only ? { kind: only[1], full: only[0] } : null;
};

const shortKind = (table: OptionTable, letter: string): Kind | null => {
  if (table.shortValue.includes(letter)) return 'value';
  if (table.shortOptional?.includes(letter)) return 'optional';
  if (table.shortFlags.includes(letter)) return 'flag';
  return null;
};

/** Unknown options fork the reading in two; past this many, the first reading is kept. */
const MAX_FORKS = 4;

/**
 * Reads a program's options from argv[1] on and answers where its command (or first operand) starts.
 * An unknown option may or may not take a value, so both readings are followed: `xargs --foo ls rm
 * -rf x` may run `ls rm -rf x` or `rm -rf x`, and a warning must see the second.
 */
export const readOptions = (table: OptionTable, argv: readonly Arg[]): ReadOptions => {
  const acting = new Set<string>();
  let unknown = false;
  let forks = 0;
  const from = (start: number): number[] => {
    let i = start;
    while (i < argv.length) {
      const word = argv[i]?.value ?? '';
      if (word === '--') return [i + 1 + (table.leadingOperands ?? 0)];
      if (table.assignments && /^[A-Za-z_][A-Za-z0-9_]*=/.test(word)) {
        i += 1;
        continue;
      }
      if (!word.startsWith('-') || word === '-') break;
      let step: number | null = null;
      if (word.startsWith('--')) {
        const eq = word.indexOf('=');
        const found = longKind(table, eq >= 0 ? word.slice(0, eq) : word);
        if (found) {
          if (table.acting?.includes(found.full)) acting.add(found.full);
          step = found.kind === 'value' && eq < 0 ? 2 : 1;
        }
      } else {
        step = 1;
        for (let j = 1; j < word.length; j++) {
          const letter = word[j] ?? '';
          const kind = shortKind(table, letter);
          if (kind === null) {
            step = null;
            break;
          }
          if (table.acting?.includes(`-${letter}`)) acting.add(`-${letter}`);
          if (kind === 'value') {
            step = j === word.length - 1 ? 2 : 1;
            break;
          }
          if (kind === 'optional') break;
        }
      }
      if (step === null) {
        unknown = true;
        if (forks++ >= MAX_FORKS) return [i + 1];
        return [...from(i + 1), ...from(i + 2)];
      }
      i += step;
    }
    return [i + (table.leadingOperands ?? 0)];
  };
  const starts = [...new Set(from(1))].filter((s) => s <= argv.length);
  return { starts: starts.length > 0 ? starts : [argv.length], unknown, acting: [...acting] };
};
