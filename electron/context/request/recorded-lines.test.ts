// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { summarize } from '../../segmenter/clean-text';
import { capCleanOutput, RAW_EDGE_BYTES } from '../../store/output/command-output';
import { Redactor } from '../redaction';
import { InMemoryCommandSource } from '../testing/in-memory-command-source';
import { commandRecord } from '../../../shared/testing/command-record';
import { renderCatalogEntry } from './catalog';
import { getCommands, runGetCommandsTool } from './get-commands-tool';
import { cleanOutputReader, RecentCommands } from './recent-commands';
import { rawLineCount, recordedLines } from './recorded-lines';
import { pinnedUnit } from './request-units';

/**
 * `seq 1 100000` recorded as the store records it: the record's summary made from the whole clean
 * output, the 32 KiB head/tail excerpt as its clean output. Issue 21: the model was told "(6211
 * lines omitted)", the excerpt's count, when 99,980 of the 100,000 lines were.
 */
const clean = `${Array.from({ length: 100_000 }, (_, i) => `${i + 1}`).join('\n')}\n`;
const seq = commandRecord({
  sessionId: 's',
  seq: 1,
  commandLine: 'seq 1 100000',
  exitCode: 0,
  startedAt: 1000,
  endedAt: 2000,
  outputStart: 0,
  outputEnd: clean.length,
  outputSummary: summarize(clean, 10, 10),
});
const excerpt = capCleanOutput(clean);
const source = () => new InMemoryCommandSource(() => 10_000).addCommand(seq, excerpt);
const redactor = new Redactor();

describe('omitted-line counts come from the record, not the stored excerpt', () => {
  it('reads the whole output’s line count from the record', () => {
    expect(excerpt.length).toBeLessThan(40_000);
    expect(rawLineCount(excerpt)).toBeLessThan(10_000);
    expect(recordedLines(seq)).toEqual({ total: 100_000, exact: true, bytes: clean.length });
  });

  it('tells the model 99,980 lines were left out of the recent-commands block', async () => {
    const [block] = await new RecentCommands().blocks([seq], cleanOutputReader(source()));
    expect(block!.omittedLines).toBe(99_980);
    expect(block!.text).toContain('... (99980 lines omitted) ...');
    expect(block!.text.startsWith('$ seq 1 100000\n1\n2\n')).toBe(true);
    expect(block!.text.endsWith('99999\n100000')).toBe(true);
  });

  it('gives get_commands the true omitted count and the whole output’s size', async () => {
    const { commands } = await getCommands(source(), [seq.id], redactor);
    expect(commands[0]).toMatchObject({ omittedLines: 99_600, totalLines: 100_000, totalBytes: clean.length });
    expect(commands[0]!.output).toContain('... (99600 lines omitted) ...');
    const json = JSON.parse(await runGetCommandsTool(source(), { command_ids: [seq.id] }, redactor)) as {
      commands: Record<string, unknown>[];
    };
    expect(json.commands[0]).toMatchObject({ omitted_lines: 99_600, total_lines: 100_000, total_bytes: clean.length });
  });

  it('counts true in a pinned command and in the catalog too', () => {
    const pinned = pinnedUnit({ redactor, count: (t: string) => Math.ceil(t.length / 4) }, seq, excerpt, 0);
    expect(pinned.text).toContain('... (99700 lines omitted) ...');
    const entry = renderCatalogEntry({ command: seq, score: 0.9, signals: [] } as never, 3000, redactor);
    expect(entry.text).toContain('... (99996 lines omitted) ...');
  });

  it('says "at least" when the output was too large for the store to count every line', () => {
    const huge = { ...seq, outputEnd: 2 * RAW_EDGE_BYTES + 1 };
    expect(recordedLines(huge)).toMatchObject({ total: 100_000, exact: false });
  });

  it('is not fooled by output that prints a marker of its own', () => {
    const fake = commandRecord({ sessionId: 's', seq: 2, outputEnd: 50, outputSummary: 'a\n... (999999 lines omitted) ...\nb' });
    expect(recordedLines(fake)?.total).toBe(3);
  });
});
