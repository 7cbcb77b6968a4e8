// SPDX-License-Identifier: MIT
import { FinalTermOscPt, OscPs, VSCodeOscPt } from '../protocol/osc-protocol';

// Marks as resources/shell-integration prints them, for tests, benchmarks and fixtures: production
// only reads marks (protocol/mark-codec.ts), the shell scripts write them.

const hex2 = (code: number): string => `\\x${code.toString(16).padStart(2, '0')}`;

/** `\` → `\\`, `;` → `\x3b`, bytes below 0x20 and DEL → `\xHH`. */
export const escapeMarkValue = (value: string): string =>
  value.replace(/[\\;\x00-\x1f\x7f]/g, (ch) => (ch === '\\' ? '\\\\' : hex2(ch.charCodeAt(0))));

/** The letters our shell scripts print with the session nonce. */
export type MarkKind = (typeof FinalTermOscPt)[keyof typeof FinalTermOscPt] | (typeof VSCodeOscPt)[keyof typeof VSCodeOscPt];

const VSCODE_KINDS: ReadonlySet<string> = new Set(Object.values(VSCodeOscPt));

/**
 * Builds a mark as the shell scripts print it (tests, benchmarks and fixtures use this). For P the
 * argument is `Key=value`; escaping the whole of it is equivalent since keys are plain words.
 */
export const formatMark = (kind: MarkKind, nonce: string, arg?: string | number, terminator: 'bel' | 'st' = 'bel'): string => {
  const family = VSCODE_KINDS.has(kind) ? OscPs.VSCode : OscPs.FinalTerm;
  const fields = [String(family), kind];
  if (arg !== undefined) fields.push(kind === FinalTermOscPt.CommandFinished ? String(arg) : escapeMarkValue(String(arg)));
  fields.push(nonce);
  return `\x1b]${fields.join(';')}${terminator === 'bel' ? '\x07' : '\x1b\\'}`;
};
