// SPDX-License-Identifier: MIT
import type { CatalogEntryView, RedactionCounts } from '../../../shared/ipc/context';
import { visibleLines } from './visible-lines';
import { capChars, truncateLineList } from './output-lines';
import { missingFromRecord } from './recorded-lines';
import { addCounts, type Redactor } from '../redaction';
import type { RelevanceScorer, ScoredCommand } from '../relevance/relevance';
import { remotePlaceOf } from '../../../shared/domain/command';
import { outwardCommandLine, outwardFields, outwardLine, outwardSummary } from '../outward/outward-view';
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
  // Redacted whole before any cut or prefix (`  | ` broke the rules anchored to a line's start).
  const counts: Record<string, number> = {};
  const shown = outwardFields(command, redactor, counts);
  const redactedSummary = outwardSummary(command, redactor);
  addCounts(counts, redactedSummary.counts);
  const lines = visibleLines(redactedSummary.text);
  const summary = truncateLineList(
    lines,
    {
      maxLines: options.summaryHeadLines + options.summaryTailLines,
      headLines: options.summaryHeadLines,
      tailLines: options.summaryTailLines,
    },
    missingFromRecord(command, command.outputSummary),
  );
  const place = remotePlaceOf(shown);
  const facts = [
    `session ${command.sessionId}`,
    ...(place ? [`on ${place}`] : []),
    // Synced from another device: the model can tell the user's machines apart. A name the user gave, controls dropped.
    ...(command.device !== undefined ? [`from device ${command.device.replace(/\p{Cc}/gu, ' ')}`] : []),
    ...(command.ranBy === 'assistant' ? ['run by the assistant'] : []),
    shown.cwd ?? 'cwd unknown',
    formatAge(Math.max(0, nowMs - (command.endedAt ?? command.startedAt))),
    command.exitCode === null ? 'exit ?' : `exit ${command.exitCode}`,
    sizeNote(command),
    `relevance ${score.toFixed(2)}`,
  ].join(' · ');
  const body = summary.text === '' ? '' : `\n${capChars(summary.text, options.summaryChars).text.replace(/^/gm, '  | ')}`;
  const raw = `- [${command.id}] $ ${shown.commandLine ?? UNKNOWN_COMMAND_LINE}\n  ${facts}${body}`;
  const { text, counts: found } = redactor.redact(raw);
  return { text, redactions: addCounts(counts, found) };
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
  commandLine: outwardCommandLine(command.commandLine, redactor),
  cwd: outwardLine(command.cwd, redactor),
  startedAt: command.startedAt,
  exitCode: command.exitCode,
  score: Math.min(1, Math.max(0, score)),
  // The details name the directory and host: shown in the inspector, through the same view.
  signals: scorer.explain(query, command).map((s) => ({ ...s, detail: outwardLine(s.detail, redactor) ?? s.detail })),
  included,
});
