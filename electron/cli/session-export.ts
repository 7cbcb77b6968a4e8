// SPDX-License-Identifier: MIT
import { TextDecoder } from 'node:util';
import type { CommandRecord } from '../../shared/domain/command';
import { displayLine } from '../../shared/text/display-text';
import { outwardOutput, outwardSession, WITHHELD_OUTPUT, withholdsOutput } from '../context/outward/outward-view';
import type { Redactor } from '../context/redaction';
import { cleanOutput } from '../segmenter/clean-text';
import { CliError } from './cli-error';
import type { HistoryDb } from './history-db';
import { commandSummary, hostOf } from './history-read';
import { mapPositions, redactRawOutput } from './redacted-output';

/** The sessions table keeps no terminal size; players rescale, so the usual default is given. */
const SCREEN = { width: 80, height: 24 } as const;

const findSession = (db: HistoryDb, id: string) => {
  const session = db.read((queries) => queries.getSession(id));
  if (!session) throw new CliError('not-found', `no recorded session ${displayLine(id)} (private tabs are never recorded)`);
  return session;
};

/** Every command of the session with its whole output as clean text, through the outward view. */
export const exportSessionJson = (db: HistoryDb, redactor: Redactor, sessionId: string): string => {
  const session = outwardSession(findSession(db, sessionId), redactor);
  const commands = db.read((queries) => queries.recentCommands(sessionId, Number.MAX_SAFE_INTEGER));
  return `${JSON.stringify({
    session: {
      id: session.id,
      title: session.title,
      shell: session.shell,
      hostname: session.hostname,
      cwd: session.cwd,
      started_at: session.startedAt,
      ended_at: session.endedAt,
    },
    commands: commands.map((command) => {
      const end = command.outputEnd ?? db.read((queries) => queries.outputEnd(sessionId));
      const raw = db.read((queries) => queries.readOutput(sessionId, command.outputStart, end));
      return {
        ...commandSummary(command, redactor),
        host: hostOf(command, redactor),
        ended_at: command.endedAt,
        interrupted: command.interrupted,
        output: outwardOutput(command.commandLine, cleanOutput(raw), redactor).text,
      };
    }),
  })}\n`;
};

interface Piece {
  /** The chunk it came from: pieces of one chunk are one event again. */
  readonly chunk: number;
  readonly ts: number;
  text: string;
}

/**
 * The session's output stream cut where each command's output starts and ends (byte offsets of the
 * stream, as the records keep them), so each stretch is redacted on its own: a prompt after a
 * token is not part of it (a root shell's `# ` read as a masked tail and let the token through),
 * and a command that exists to print a secret has its whole output withheld.
 */
const stretches = (
  chunks: ReadonlyArray<{ ts: number; data: Buffer; offset: number }>,
  commands: readonly CommandRecord[],
  streamEnd: number,
) => {
  const cuts = new Map<number, CommandRecord | null>();
  for (const command of commands) {
    const end = command.outputEnd ?? streamEnd;
    if (end <= command.outputStart) continue;
    cuts.set(command.outputStart, command);
    if (!cuts.has(end)) cuts.set(end, null);
  }
  const at = [...cuts.keys()].sort((a, b) => a - b);
  const groups: Array<{ command: CommandRecord | null; pieces: Piece[] }> = [{ command: null, pieces: [] }];
  const decoder = new TextDecoder('utf-8');
  let next = 0;
  chunks.forEach((chunk, index) => {
    const end = chunk.offset + chunk.data.length;
    let from = 0;
    for (;;) {
      // Every cut at or before here starts a stretch (one in a gap of the stream lands on the next chunk).
      while (next < at.length && at[next]! <= chunk.offset + from) groups.push({ command: cuts.get(at[next++]!) ?? null, pieces: [] });
      const to = next < at.length && at[next]! < end ? at[next]! - chunk.offset : chunk.data.length;
      if (to > from)
        groups[groups.length - 1]!.pieces.push({
          chunk: index,
          ts: chunk.ts,
          text: decoder.decode(chunk.data.subarray(from, to), { stream: true }),
        });
      from = to;
      if (from >= chunk.data.length) break;
    }
  });
  const tail = decoder.decode();
  if (tail !== '') groups[groups.length - 1]!.pieces.push({ chunk: chunks.length - 1, ts: chunks.at(-1)?.ts ?? 0, text: tail });
  return groups.filter((g) => g.pieces.length > 0);
};

/** One stretch's pieces with its secrets replaced, colours kept where that is safe (redacted-output.ts). */
const redactStretch = (command: CommandRecord | null, pieces: Piece[], redactor: Redactor): void => {
  const raw = pieces.map((p) => p.text).join('');
  if (command && withholdsOutput(command.commandLine, redactor)) {
    pieces.forEach((p, i) => (p.text = i === 0 ? `${WITHHELD_OUTPUT}\r\n` : ''));
    return;
  }
  const out = redactRawOutput(raw, redactor);
  if (!out.coloured) {
    pieces.forEach((p, i) => (p.text = i === 0 ? out.text.replaceAll('\n', '\r\n') : ''));
    return;
  }
  let end = 0;
  const bounds = pieces.map((p) => (end += p.text.length));
  const ends = mapPositions(raw, out.text, bounds);
  let from = 0;
  pieces.forEach((p, i) => {
    const to = i === pieces.length - 1 ? out.text.length : ends[i]!;
    p.text = to > from ? out.text.slice(from, to) : '';
    from = Math.max(from, to);
  });
};

/**
 * asciicast v2 (docs.asciinema.org): a header line, then `[seconds, "o", text]` per stored output
 * chunk. Keystrokes are left out: they hold what the terminal never showed, passwords typed
 * at a prompt among them. Each stretch of the stream (a command's output, what lies between) is
 * redacted at once (a secret can straddle two chunks), then cut again where the chunks were; when
 * redaction had to drop a stretch's colours, its redacted clean text comes as one event.
 */
export const exportSessionAsciicast = (db: HistoryDb, redactor: Redactor, sessionId: string): string => {
  const session = outwardSession(findSession(db, sessionId), redactor);
  const chunks = db.read((_, sql) =>
    sql.prepare('SELECT ts, data, output_offset AS offset FROM chunks WHERE session_id = ? AND direction = 1 ORDER BY seq').all(sessionId),
  ) as Array<{ ts: number; data: Buffer; offset: number }>;
  const commands = db.read((queries) => queries.recentCommands(sessionId, Number.MAX_SAFE_INTEGER));
  const last = chunks.at(-1);
  const groups = stretches(chunks, commands, last ? last.offset + last.data.length : 0);
  for (const group of groups) redactStretch(group.command, group.pieces, redactor);
  const header = {
    version: 2,
    ...SCREEN,
    timestamp: Math.floor(session.startedAt / 1000),
    title: session.title,
    env: { SHELL: session.shell },
  };
  const seconds = (ts: number): number => Math.max(0, (ts - session.startedAt) / 1000);
  const lines = [JSON.stringify(header)];
  let event: Piece | null = null;
  for (const piece of groups.flatMap((g) => g.pieces)) {
    if (event && event.chunk === piece.chunk) event.text += piece.text;
    else {
      if (event && event.text !== '') lines.push(JSON.stringify([seconds(event.ts), 'o', event.text]));
      event = { ...piece };
    }
  }
  if (event && event.text !== '') lines.push(JSON.stringify([seconds(event.ts), 'o', event.text]));
  return `${lines.join('\n')}\n`;
};
