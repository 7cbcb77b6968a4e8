// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redactor } from '../context/redaction';
import { cutBeforeRedactCases, githubToken, leaksPart, type LeakCase } from '../context/testing/outward-cases';
import { searchHistory, showCommand } from './history-commands';
import { HistoryDb } from './history-db';
import { searchCommandsTool, toHistoryQuery } from './mcp-search';
import { getCommandsTool, listSessionsTool, recentActivityText, recentCommandsTool } from './mcp-tools';
import { exportSessionAsciicast, exportSessionJson } from './session-export';
import { HistoryFixture } from './testing/history-fixture';

/**
 * Issue 38, through the CLI, the MCP server and the exports: a token in a directory's name came out
 * of every one of them; what the store's own head/tail cut left of a token came out of MCP's
 * `contexterm://recent`; what a command made to print a secret printed went out bare.
 */
const redactor = new Redactor();
const dirToken = githubToken();
const sessionDirToken = githubToken();
let fixture: HistoryFixture;
let db: HistoryDb;

beforeEach(() => {
  fixture = new HistoryFixture('sess1', Date.UTC(2026, 0, 1), `/home/dev/${sessionDirToken}`);
});

afterEach(() => {
  db.close();
  fixture.remove();
});

const open = () => {
  db = HistoryDb.open(fixture.dir);
};

/** A CLI's text, or an MCP tool's answer (its structuredContent; the text copy is the same JSON). */
const expectNone = (answer: string | object, secrets: readonly string[]) => {
  const text = typeof answer === 'string' ? answer : JSON.stringify(answer);
  expect(secrets.filter((s) => leaksPart(text, s))).toEqual([]);
};

describe('a token in a directory name', () => {
  beforeEach(() => {
    fixture.add({ line: 'make test', chunks: ['ok\r\n'], cwd: `/home/dev/checkouts/${dirToken}/app` });
    open();
  });

  it('is redacted in history search, as a table and as JSON', () => {
    expectNone(searchHistory(db, redactor, { query: 'make', limit: 10 }, false), [dirToken]);
    expectNone(searchHistory(db, redactor, { query: 'make', limit: 10 }, true), [dirToken]);
    expect(JSON.parse(searchHistory(db, redactor, { query: 'make', limit: 10 }, true))[0].cwd).toBe(
      '/home/dev/checkouts/[REDACTED:github-token]/app',
    );
  });

  it('is redacted in history show --json', () => {
    expectNone(showCommand(db, redactor, 'sess1:1', { coloured: false, json: true }), [dirToken]);
  });

  it("is redacted in the exports, the session's own directory too", () => {
    expectNone(exportSessionJson(db, redactor, 'sess1'), [dirToken, sessionDirToken]);
    expectNone(exportSessionAsciicast(db, redactor, 'sess1'), [dirToken, sessionDirToken]);
  });

  it('is redacted by every MCP tool', async () => {
    expectNone(searchCommandsTool(db, redactor, toHistoryQuery({ query: 'make', limit: 10 })), [dirToken]);
    expectNone(await getCommandsTool(db, redactor, ['sess1:1']), [dirToken]);
    expectNone(recentCommandsTool(db, redactor, 10), [dirToken]);
    expectNone(listSessionsTool(db, redactor, 10), [sessionDirToken]);
  });
});

describe('secrets a cut used to split', () => {
  const cases = cutBeforeRedactCases();
  const secrets = cases.flatMap((c) => c.secrets);

  beforeEach(() => {
    for (const c of cases)
      fixture.add({ line: c.commandLine, chunks: [c.cleanOutput.replaceAll('\n', '\r\n')], cleanOutput: c.cleanOutput });
    open();
  });

  it('are not in MCP contexterm://recent', async () => {
    expectNone(await recentActivityText(db, redactor), secrets);
  });

  it('are not in MCP get_commands, search_commands or recent_commands', async () => {
    expectNone(
      await getCommandsTool(
        db,
        redactor,
        cases.map((_, i) => `sess1:${i + 1}`),
      ),
      secrets,
    );
    expectNone(recentCommandsTool(db, redactor, 10), secrets);
  });
});

describe('commands that exist to print a secret', () => {
  const printed: LeakCase[] = [
    ['pass show web/github.com', 'Xq7!vR2#pLm9wZ\n'],
    ['op read op://Private/db/password', 'w8Kd!2mQz$Lp0vN\n'],
    ['sudo aws ecr get-login-password --region eu-west-1', `eyJwYXlsb2FkIjoi${'Qk1yVnZ3eE5'.repeat(40)}In0=\n`],
    ['gh auth token', `${githubToken()}\n`],
  ].map(([line, output]) => ({
    name: line!,
    commandLine: line!,
    cleanOutput: output!,
    outputSummary: output!,
    secrets: [output!.trim().slice(0, 40)],
  }));
  const secrets = printed.flatMap((c) => c.secrets);

  beforeEach(() => {
    for (const c of printed) fixture.add({ line: c.commandLine, chunks: [c.cleanOutput.replace('\n', '\r\n')] });
    open();
  });

  it('print nothing of it through history show, plain, coloured or JSON', () => {
    printed.forEach((_, i) => {
      for (const options of [
        { coloured: false, json: false },
        { coloured: true, json: false },
        { coloured: false, json: true },
      ]) {
        expectNone(showCommand(db, redactor, `sess1:${i + 1}`, options), secrets);
      }
    });
  });

  it('export nothing of it', () => {
    expectNone(exportSessionJson(db, redactor, 'sess1'), secrets);
    expectNone(exportSessionAsciicast(db, redactor, 'sess1'), secrets);
  });

  it('give nothing of it to MCP', async () => {
    expectNone(
      await getCommandsTool(
        db,
        redactor,
        printed.map((_, i) => `sess1:${i + 1}`),
      ),
      secrets,
    );
    expectNone(recentCommandsTool(db, redactor, 10), secrets);
    expectNone(await recentActivityText(db, redactor), secrets);
  });
});

describe('the asciicast export', () => {
  it("redacts a token the next prompt's `#` follows (the prompt of a root shell is not a mask)", () => {
    const token = githubToken();
    fixture.add({ line: 'printf %s "$TOKEN"', chunks: [token] });
    fixture.addBetween('# ');
    open();
    expectNone(exportSessionAsciicast(db, redactor, 'sess1'), [token]);
  });

  it("cuts a chunk where a command's output ends, and gives the chunk back as one event", () => {
    const token = githubToken();
    const id = fixture.add({ line: 'printf %s "$TOKEN"', chunks: ['\x1b[1mone\x1b[0m\r\n', `${token}# `] });
    // The prompt came in the same read as the output's end: the record ends two bytes earlier.
    fixture.db.prepare('UPDATE commands SET output_end = output_end - 2 WHERE id = ?').run(id);
    open();
    const events = exportSessionAsciicast(db, redactor, 'sess1')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => JSON.parse(line) as [number, string, string]);
    expect(events.map(([, , text]) => text)).toEqual(['\x1b[1mone\x1b[0m\r\n', '[REDACTED:github-token]# ']);
  });
});
