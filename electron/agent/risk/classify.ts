// SPDX-License-Identifier: MIT
import { parseCommandLine } from './parse-command';
import { commandDangers, pipelineDangers, redirectDangers } from './destructive-rules';
import { isReadOnlyCommand, writingRedirects } from './read-only';

/**
 * destructive: must always ask, with the reasons as the warning; read-only: may run unasked when the
 * user turned the allow-list on; other: asks as usual; unparsed: the parser could not read it, so
 * nothing is known and it is never treated as safe.
 */
export type CommandRisk = 'destructive' | 'read-only' | 'other' | 'unparsed';

export interface Classification {
  readonly risk: CommandRisk;
  /** Plain sentences for the warning, e.g. "deletes recursively: rm -rf build". */
  readonly reasons: readonly string[];
}

/**
 * Classifies a command line by what it would run, read with a real bash parser so that pipelines,
 * lists, subshells, substitutions, eval, xargs and `sh -c` cannot hide a destructive part.
 * A single destructive part makes the whole line destructive. Async because the parser is WASM,
 * loaded once on first use.
 */
export const classifyCommand = async (line: string): Promise<Classification> => {
  if (line.trim() === '') return { risk: 'other', reasons: [] };
  const parsed = await parseCommandLine(line);
  if (!parsed.ok) return { risk: 'unparsed', reasons: [`could not be read as a shell command (${parsed.reason})`] };
  const dangers = [
    ...parsed.commands.flatMap(commandDangers),
    ...pipelineDangers(parsed.commands),
    ...redirectDangers(parsed.redirects),
  ];
  if (dangers.length > 0) return { risk: 'destructive', reasons: [...new Set(dangers)] };
  const readOnly =
    parsed.commands.length > 0 &&
    parsed.commands.every(isReadOnlyCommand) &&
    writingRedirects(parsed.redirects).length === 0;
  return { risk: readOnly ? 'read-only' : 'other', reasons: [] };
};
