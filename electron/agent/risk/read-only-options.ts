// SPDX-License-Identifier: MIT
import type { SimpleCommand } from './parse-command';
import { hasArg, hasShort, operands, type Arg } from './words';

/**
 * Options with which a program that usually only reads runs a program or writes a file. Short
 * letters count wherever they sit in a bundle, long names also abbreviated (getopt accepts
 * `--compress-prog=sh`) and with `=value`; `words` are matched whole (find's actions). Erring
 * towards "acts" only makes a line ask.
 */
interface Acting {
  readonly short?: string;
  readonly long?: readonly string[];
  readonly words?: readonly string[];
  /** Harmless long options whose whole name starts an acting one (tar's --list, --listed-incremental). */
  readonly safeLong?: readonly string[];
}

const FIND_ACTIONS = ['-exec', '-execdir', '-ok', '-okdir', '-delete', '-fprint', '-fprint0', '-fprintf', '-fls'];

const ACTING_OPTIONS: Readonly<Record<string, Acting>> = {
  find: { words: FIND_ACTIONS },
  // --pre runs a program on every file searched.
  rg: { long: ['--pre'] },
  // -o writes the listing; -R runs tree again in every directory with `-o 00Tree.html`.
  tree: { short: 'oR', long: ['--output'] },
  // -C compiles a magic file to disk.
  file: { short: 'C', long: ['--compile'] },
  // -o writes the result; --compress-program runs a program over the temporary files (sh reads them as a script).
  sort: { short: 'o', long: ['--output', '--compress-program'] },
  date: { short: 's', long: ['--set'] },
  hostname: { short: 'Fb', long: ['--file', '--boot'] },
  // tar lists read-only only; these run a program (or a script at a checkpoint) even while listing.
  tar: {
    short: 'IFxcruAdg',
    safeLong: ['--list'],
    long: [
      '--to-command',
      '--use-compress-program',
      '--checkpoint-action',
      '--info-script',
      '--new-volume-script',
      '--rsh-command',
      '--extract',
      '--get',
      '--create',
      '--append',
      '--update',
      '--delete',
      '--concatenate',
      '--catenate',
      '--diff',
      '--compare',
      '--index-file',
      '--listed-incremental',
    ],
  },
};

/** A long option as written (`--compress-prog=sh`) is `name` or an abbreviation of it of 2 letters or more. */
const longMatches = (written: string, name: string): boolean => {
  const bare = written.split('=')[0] ?? '';
  return bare.length >= 4 && name.startsWith(bare);
};

export const actsByOption = (name: string, args: readonly Arg[]): boolean => {
  const acting = ACTING_OPTIONS[name];
  if (!acting) return false;
  if (acting.words && hasArg(args, ...acting.words)) return true;
  if (acting.short && [...acting.short].some((letter) => hasShort(args, letter))) return true;
  const written = args.map((a) => a.value).filter((v) => v.startsWith('--') && !acting.safeLong?.includes(v.split('=')[0] ?? ''));
  return (acting.long ?? []).some((long) => written.some((v) => longMatches(v, long)));
};

/** Commands that read only when their operands say so: the second operand of uniq is its output file. */
export const readsOnlyByOperands = (cmd: SimpleCommand): boolean => {
  switch (cmd.name) {
    case 'uniq':
      return operands(cmd.args).length <= 1;
    case 'hostname':
      return operands(cmd.args).length === 0;
    case 'tar':
      return hasShort(cmd.args, 't') || cmd.args.some((a) => longMatches(a.value, '--list'));
    default:
      return true;
  }
};
