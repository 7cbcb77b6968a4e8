// SPDX-License-Identifier: MIT
import { TextDecoder } from 'node:util';
import { displayLine } from '../../shared/text/display-text';
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

/** Every command of the session with its whole output as clean text, redacted. */
export const exportSessionJson = (db: HistoryDb, redactor: Redactor, sessionId: string): string => {
  const session = findSession(db, sessionId);
  const commands = db.read((queries) => queries.recentCommands(sessionId, Number.MAX_SAFE_INTEGER));
  const redact = (text: string): string => redactor.redact(displayLine(text)).text;
  return `${JSON.stringify({
    session: {
      id: session.id,
      title: redact(session.title),
      shell: session.shell,
      hostname: displayLine(session.hostname),
      cwd: displayLine(session.cwd),
      started_at: session.startedAt,
      ended_at: session.endedAt,
    },
    commands: commands.map((command) => {
      const end = command.outputEnd ?? db.read((queries) => queries.outputEnd(sessionId));
      const raw = db.read((queries) => queries.readOutput(sessionId, command.outputStart, end));
      return {
        ...commandSummary(command, redactor),
        host: hostOf(command),
        ended_at: command.endedAt,
        interrupted: command.interrupted,
        output: redactor.redact(cleanOutput(raw)).text,
      };
    }),
  })}\n`;
};

/**
 * asciicast v2 (docs.asciinema.org): a header line, then `[seconds, "o", text]` per stored output
 * chunk. Keystrokes are left out: they hold what the terminal never showed, passwords typed
 * at a prompt among them. The whole stream is redacted at once (a secret can straddle two chunks),
 * then cut again where the chunks were; when redaction had to drop the colours, the redacted clean
 * text comes as one event.
 */
export const exportSessionAsciicast = (db: HistoryDb, redactor: Redactor, sessionId: string): string => {
  const session = findSession(db, sessionId);
  const chunks = db.read((_, sql) =>
    sql.prepare('SELECT ts, data FROM chunks WHERE session_id = ? AND direction = 1 ORDER BY seq').all(sessionId),
  ) as Array<{ ts: number; data: Buffer }>;
  const decoder = new TextDecoder('utf-8');
  let raw = '';
  const bounds: number[] = [];
  for (const chunk of chunks) {
    raw += decoder.decode(chunk.data, { stream: true });
    bounds.push(raw.length);
  }
  raw += decoder.decode();
  if (bounds.length > 0) bounds[bounds.length - 1] = raw.length;
  const header = {
    version: 2,
    ...SCREEN,
    timestamp: Math.floor(session.startedAt / 1000),
    title: redactor.redact(displayLine(session.title)).text,
    env: { SHELL: session.shell },
  };
  const seconds = (ts: number): number => Math.max(0, (ts - session.startedAt) / 1000);
  const lines = [JSON.stringify(header)];
  const out = redactRawOutput(raw, redactor);
  if (!out.coloured) {
    if (chunks.length > 0) lines.push(JSON.stringify([seconds(chunks[0]!.ts), 'o', out.text.replaceAll('\n', '\r\n')]));
    return `${lines.join('\n')}\n`;
  }
  const ends = mapPositions(raw, out.text, bounds);
  let from = 0;
  chunks.forEach((chunk, index) => {
    const to = ends[index]!;
    if (to > from) lines.push(JSON.stringify([seconds(chunk.ts), 'o', out.text.slice(from, to)]));
    from = Math.max(from, to);
  });
  return `${lines.join('\n')}\n`;
};
