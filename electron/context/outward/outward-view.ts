// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../../shared/domain/command';
import type { RedactionCounts } from '../../../shared/ipc/context';
import { displayLine, displayText } from '../../../shared/text/display-text';
import { addCounts, placeholder, type Redacted, type Redactor } from '../redaction';
import { capCleanOutput } from '../../store/output/command-output';
import { maskCutEdges } from './cut-edges';
import { secretPrintingProgram } from './secret-commands';

/**
 * The one view of recorded data that may leave the store: model requests, the CLI, the MCP server,
 * exports and citations all take their text from here (each surface redacted on its
 * own, and each forgot something: directories nowhere, a request's cut before its redaction). It
 * redacts every text field of a record, shows its controls as pictures (a remote host chose the
 * bytes; see displayText), withholds the output of commands that exist to print a secret, and
 * masks what the store's own head/tail cut left of a token. Callers cut, prefix and budget only
 * what comes out of it, so a cut can never split a secret the rules would have found whole.
 */

/** The placeholder kind of a secret-printing command's whole output (`pass show`, `op read`, …). */
const PRINTED_SECRET = 'printed-secret';

/** Identifiers the app generates (`{sessionId}:{seq}`): never text a user or a host chose. */
export const RECORD_IDENTIFIERS = ['id', 'sessionId'] as const;
export const SESSION_IDENTIFIERS = ['id'] as const;

const NONE: RedactionCounts = {};

/**
 * Short fields repeat (a directory, a host, a shell on every record of a session): each is
 * redacted once per redactor. A redactor's settings never change (a new one is made), so its
 * answers may be kept; the memo is emptied when full rather than kept in order.
 */
const MEMO_MAX_ENTRIES = 4096;
const MEMO_MAX_CHARS = 1024;
const memos = new WeakMap<Redactor, Map<string, Redacted>>();

/** `compute` once per redactor and key, kept in `memos` (bounded: emptied when full). */
const remembered = (
  memos: WeakMap<Redactor, Map<string, Redacted>>,
  redactor: Redactor,
  key: string,
  compute: () => Redacted,
): Redacted => {
  let memo = memos.get(redactor);
  if (!memo) memos.set(redactor, (memo = new Map()));
  const known = memo.get(key);
  if (known) return known;
  if (memo.size >= MEMO_MAX_ENTRIES) memo.clear();
  const redacted = compute();
  memo.set(key, redacted);
  return redacted;
};

const redactShort = (text: string, redactor: Redactor): Redacted =>
  text.length > MEMO_MAX_CHARS ? redactor.redact(text) : remembered(memos, redactor, text, () => redactor.redact(text));

const into = (counts: Record<string, number> | undefined, more: RedactionCounts): void => {
  if (counts && more !== NONE) addCounts(counts, more);
};

/** A one-line field (directory, host, user, shell, title): controls as pictures, then redacted. */
export const outwardLine = (value: string | null | undefined, redactor: Redactor, counts?: Record<string, number>): string | null => {
  if (value === null || value === undefined) return null;
  const redacted = redactShort(displayLine(value), redactor);
  into(counts, redacted.counts);
  return redacted.text;
};

/** A command line: newlines kept (a multi-line command), controls as pictures, then redacted. */
export const outwardCommandLine = (
  value: string | null | undefined,
  redactor: Redactor,
  counts?: Record<string, number>,
): string | null => {
  if (value === null || value === undefined) return null;
  const redacted = redactShort(displayText(value), redactor);
  into(counts, redacted.counts);
  return redacted.text;
};

/**
 * A command's output (the store's clean excerpt, its summary, or text read from its chunks) as it
 * may leave: withheld whole when the command exists to print a secret, the pieces around a store
 * cut masked, then redacted. Cut it for size only after this. `maxChars` bounds the work for a
 * caller that shows only a little of it (a catalog entry): longer text is first cut to its head and
 * tail the way the store cuts, and the pieces at that cut are masked as well.
 */
export const outwardOutput = (
  commandLine: string | null | undefined,
  output: string,
  redactor: Redactor,
  maxChars = Infinity,
): Redacted => {
  if (!redactor.enabled || output === '') return { text: output, counts: NONE };
  if (output.trim() !== '' && withholdsOutput(commandLine, redactor)) return { text: WITHHELD_OUTPUT, counts: { [PRINTED_SECRET]: 1 } };
  const edges = maskCutEdges(output.length > maxChars ? capCleanOutput(output, maxChars) : output);
  const redacted = redactor.redact(edges.text);
  return edges.masked === 0 ? redacted : { text: redacted.text, counts: addCounts({ ...redacted.counts }, { cut: edges.masked }) };
};

/**
 * A request block shows at most a few hundred lines of an output (recent: 20, pinned: 24,000
 * characters): this much of it is redacted, twice what the store keeps of any output, so only a
 * reader of raw output (recordedOutputReader, up to 4 MB) is cut here.
 */
export const BLOCK_MAX_CHARS = 64 * 1024;

/** A catalog entry or a listing shows a few lines of a summary: this much of it is redacted. */
const SUMMARY_MAX_CHARS = 16 * 1024;
const summaryMemos = new WeakMap<Redactor, Map<string, Redacted>>();

/**
 * A finished record's summary as it may leave, kept per redactor: the catalog is built again for
 * every question from mostly the same records, and a summary never changes once its command ended.
 */
export const outwardSummary = (record: CommandRecord, redactor: Redactor): Redacted => {
  const summary = () => outwardOutput(record.commandLine, record.outputSummary, redactor, SUMMARY_MAX_CHARS);
  if (record.outputEnd === null) return summary();
  return remembered(summaryMemos, redactor, `${record.id}\0${record.outputSummary.length}`, summary);
};

/**
 * A record with every text field as it may leave: the command line, directory, host, shell, the
 * remote user and host, and the output summary. Numbers, ids and enums are the app's own. Counts
 * of what was replaced are added to `counts` when given. Output read separately goes through
 * outwardOutput with the record's original command line.
 */
export const outwardRecord = (record: CommandRecord, redactor: Redactor, counts?: Record<string, number>): CommandRecord => {
  const summary = outwardSummary(record, redactor);
  into(counts, summary.counts);
  return { ...outwardFields(record, redactor, counts), outputSummary: summary.text };
};

/** As outwardRecord, for a caller that shows the output from elsewhere: the summary is left out (empty). */
export const outwardFields = (record: CommandRecord, redactor: Redactor, counts?: Record<string, number>): CommandRecord => {
  const { remote } = record;
  return {
    ...record,
    commandLine: outwardCommandLine(record.commandLine, redactor, counts),
    cwd: outwardLine(record.cwd, redactor, counts),
    hostname: outwardLine(record.hostname, redactor, counts),
    shell: outwardLine(record.shell, redactor, counts),
    outputSummary: '',
    // A device name is chosen by a person and often holds a host or user name: text like any other.
    ...(record.device === undefined ? {} : { device: outwardLine(record.device, redactor, counts) ?? '' }),
    ...(remote
      ? { remote: { host: outwardLine(remote.host, redactor, counts) ?? '', user: outwardLine(remote.user, redactor, counts) } }
      : {}),
  };
};

/** How much of a summary's last line a one-line action keeps before it is redacted (it shows 80). */
const ACTION_LINE_CHARS = 4096;

/**
 * A finished command for the assistant's short track (conversation/memory.ts), which shows its line
 * and the last line of its output cut to 80 characters: both are redacted before that cut. Only the
 * last line is kept (bounded), since a summary line can be a megabyte and this runs per command.
 */
export const outwardAction = (record: CommandRecord, redactor: Redactor): CommandRecord => {
  const lines = record.outputSummary.split('\n').filter((line) => line.trim() !== '');
  const last = (lines.at(-1) ?? '').slice(0, ACTION_LINE_CHARS);
  return { ...outwardFields(record, redactor), outputSummary: outwardOutput(record.commandLine, last, redactor).text };
};

/** The text fields of a recorded session (a tab): what the CLI, MCP and exports show of one. */
export interface SessionText {
  readonly title?: string | null;
  readonly shell?: string | null;
  readonly hostname?: string | null;
  readonly cwd?: string | null;
}

/** A session with its title, shell, host and directory as they may leave. */
export const outwardSession = <T extends SessionText>(session: T, redactor: Redactor): T => {
  const out: Record<string, unknown> = { ...(session as Record<string, unknown>) };
  for (const key of ['title', 'shell', 'hostname', 'cwd'] as const) {
    if (typeof session[key] === 'string') out[key] = outwardLine(session[key], redactor);
  }
  return out as T;
};

/** True when the view withholds this command's whole output (redaction on, a secret-printing command). */
export const withholdsOutput = (commandLine: string | null | undefined, redactor: Redactor): boolean =>
  redactor.enabled && secretPrintingProgram(commandLine) !== null;

/** What stands for a withheld output. */
export const WITHHELD_OUTPUT = placeholder(PRINTED_SECRET);
