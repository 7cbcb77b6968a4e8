// SPDX-License-Identifier: MIT
import type { CatalogEntryView, RedactionCounts } from '../../../shared/ipc/context';
import { visibleLines } from './visible-lines';
import { capChars, truncateLineList } from './output-lines';
import { missingFromRecord } from './recorded-lines';
import type { Redactor } from '../redaction';
import type { RelevanceScorer, ScoredCommand } from '../relevance/relevance';
import { remotePlaceOf } from '../../../shared/domain/command';
import { displayLine, displayText } from '../../../shared/text/display-text';
import { formatAge, type QueryContext } from '../relevance/relevance-signals';
import { UNKNOWN_COMMAND_LINE } from './recent-commands';
import { estimateTokensFromBytes } from '../tokens/token-estimate';
import type { CommandRecord } from '../domain/ports';

export interface CatalogOptions {
  /** A catalog is an index for `get_commands`, not the answer: past ~100 entries it only dilutes. */
  readonly maxEntries: number;
  /** Head and tail lines of the output summary shown per entry. */
  readonly summaryHeadLines: number;
  readonly summaryTailLines: number;
  readonly summaryChars: number;
}

export const DEFAULT_CATALOG_OPTIONS: CatalogOptions = { maxEntries: 100, summaryHeadLines: 2, summaryTailLines: 2, summaryChars: 320 };

export const CATALOG_HEADER =
  '## Related commands in other terminals\nScored by directory, time, host, toolchain and outcome. Fetch any full output with the get_commands tool.';

export interface RenderedEntry {
  readonly text: string;
  readonly redactions: RedactionCounts;
}

const sizeNote = (command: CommandRecord): string => {
  if (command.outputEnd === null) return 'still running';
  const tokens = estimateTokensFromBytes(Math.max(0, command.outputEnd - command.outputStart));
  return tokens >= 1000 ? `output ≈ ${(tokens / 1000).toFixed(1)}k tokens` : `output ≈ ${tokens} tokens`;
};

/** One catalog entry: id and command line, where/when/how it ended, and a few lines of output. */
export const renderCatalogEntry = (
  { command, score }: ScoredCommand,
  nowMs: number,
  redactor: Redactor,
  options: CatalogOptions = DEFAULT_CATALOG_OPTIONS,
): RenderedEntry => {
  const lines = visibleLines(command.outputSummary);
  const summary = truncateLineList(lines, {
    maxLines: options.summaryHeadLines + options.summaryTailLines,
    headLines: options.summaryHeadLines,
    tailLines: options.summaryTailLines,
  }, missingFromRecord(command, command.outputSummary));
  const place = remotePlaceOf(command);
  const facts = [
    `session ${command.sessionId}`,
    ...(place ? [`on ${place}`] : []),
    ...(command.ranBy === 'assistant' ? ['run by the assistant'] : []),
    displayLine(command.cwd) ?? 'cwd unknown',
    formatAge(Math.max(0, nowMs - (command.endedAt ?? command.startedAt))),
    command.exitCode === null ? 'exit ?' : `exit ${command.exitCode}`,
    sizeNote(command),
    `relevance ${score.toFixed(2)}`,
  ].join(' · ');
  const body = summary.text === '' ? '' : `\n${capChars(summary.text, options.summaryChars).text.replace(/^/gm, '  | ')}`;
  // The command line and directory are shown with their controls as pictures: a remote host chose them.
  const raw = `- [${command.id}] $ ${displayText(command.commandLine) ?? UNKNOWN_COMMAND_LINE}\n  ${facts}${body}`;
  const { text, counts } = redactor.redact(raw);
  return { text, redactions: counts };
};

export const catalogEntryView = (
  scorer: RelevanceScorer,
  query: QueryContext,
  { command, score }: ScoredCommand,
  included: boolean,
  redactor: Redactor,
): CatalogEntryView => ({
  commandId: command.id,
  sessionId: command.sessionId,
  commandLine: command.commandLine === null ? null : redactor.redact(displayText(command.commandLine)).text,
  cwd: displayLine(command.cwd),
  startedAt: command.startedAt,
  exitCode: command.exitCode,
  score: Math.min(1, Math.max(0, score)),
  signals: scorer.explain(query, command),
  included,
});
