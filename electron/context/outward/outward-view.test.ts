// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CommandRecord } from '../../../shared/domain/command';
import { SessionInfo } from '../../../shared/ipc/session';
import { commandRecord } from '../../../shared/testing/command-record';
import { Redactor } from '../redaction';
import { githubToken, leaksPart } from '../testing/outward-cases';
import { maskCutEdges } from './cut-edges';
import { outwardOutput, outwardRecord, outwardSession, RECORD_IDENTIFIERS, SESSION_IDENTIFIERS } from './outward-view';

/** As in outward-view.ts. */
const PRINTED_SECRET = 'printed-secret';

const redactor = new Redactor();

/** Dotted paths of every string field of a schema, nested objects included, wrappers unwrapped. */
const stringFields = (schema: z.ZodType, prefix = ''): string[] => {
  let inner: z.ZodType = schema;
  while (inner instanceof z.ZodNullable || inner instanceof z.ZodOptional) inner = inner.unwrap() as z.ZodType;
  if (inner instanceof z.ZodString) return [prefix];
  if (inner instanceof z.ZodObject)
    return Object.entries(inner.shape as Record<string, z.ZodType>).flatMap(([key, value]) =>
      stringFields(value, prefix ? `${prefix}.${key}` : key),
    );
  return [];
};

const setPath = (value: Record<string, unknown>, path: string, text: string): Record<string, unknown> => {
  const [head, ...rest] = path.split('.');
  if (rest.length === 0) return { ...value, [head!]: text };
  return { ...value, [head!]: setPath((value[head!] as Record<string, unknown> | undefined) ?? {}, rest.join('.'), text) };
};

describe('the outward view of a record', () => {
  // Derived from the schemas, so a text field added to a record or a session fails here until the
  // view redacts it (or it is declared an identifier the app generates).
  const recordFields = stringFields(CommandRecord).filter((f) => !(RECORD_IDENTIFIERS as readonly string[]).includes(f));
  const sessionFields = stringFields(SessionInfo).filter((f) => !(SESSION_IDENTIFIERS as readonly string[]).includes(f));

  it('knows the text fields of a record and a session', () => {
    expect(recordFields).toEqual(expect.arrayContaining(['commandLine', 'cwd', 'hostname', 'outputSummary', 'remote.host', 'remote.user']));
    expect(sessionFields).toEqual(expect.arrayContaining(['title', 'cwd', 'hostname', 'shell']));
  });

  it.each(stringFields(CommandRecord).filter((f) => !(RECORD_IDENTIFIERS as readonly string[]).includes(f)))(
    "redacts a token in the record's %s",
    (field) => {
      const token = githubToken();
      const base = commandRecord({ sessionId: 's', seq: 1, remote: { host: 'box', user: 'dev' } });
      const planted = setPath(base as unknown as Record<string, unknown>, field, `/srv/${token}/x`) as unknown as CommandRecord;
      const counts: Record<string, number> = {};
      const out = outwardRecord(planted, redactor, counts);
      expect(leaksPart(JSON.stringify(out), token)).toBe(false);
      expect(counts['github-token']).toBe(1);
    },
  );

  it.each(stringFields(SessionInfo).filter((f) => !(SESSION_IDENTIFIERS as readonly string[]).includes(f)))(
    "redacts a token in the session's %s",
    (field) => {
      const token = githubToken();
      const session = {
        id: 's',
        shell: 'bash',
        hostname: 'box',
        cwd: '/home',
        title: 'bash',
        mode: 'integrated' as const,
        startedAt: 0,
        endedAt: null,
      };
      const out = outwardSession(setPath(session, field, `x ${token}`) as typeof session, redactor);
      expect(leaksPart(JSON.stringify(out), token)).toBe(false);
    },
  );

  it('shows controls in text fields as pictures', () => {
    const out = outwardRecord(commandRecord({ sessionId: 's', seq: 1, commandLine: 'ls\x1b]0;x\x07', cwd: '/a\nb' }), redactor);
    expect(out.commandLine).toBe('ls␛]0;x␇');
    expect(out.cwd).toBe('/a␤b');
  });

  it('leaves everything but controls when redaction is off', () => {
    const token = githubToken();
    const off = new Redactor({ enabled: false, userPatterns: [] });
    expect(outwardRecord(commandRecord({ sessionId: 's', seq: 1, cwd: `/${token}` }), off).cwd).toBe(`/${token}`);
    expect(outwardOutput('op read op://vault/item/password', 'hunter2\n', off).text).toBe('hunter2\n');
  });
});

describe("the store's head/tail cut", () => {
  const marker = '\n... (53211 characters omitted) ...\n';

  it('masks the pieces of a token the cut went through', () => {
    const token = githubToken();
    const text = `head words ${token.slice(0, 29)}${marker}${token.slice(29)}xYz09 tail words`;
    const out = maskCutEdges(text);
    expect(out.text).toBe(`head words [REDACTED:cut]${marker}[REDACTED:cut] tail words`);
    expect(out.masked).toBe(2);
  });

  it('keeps plain words and short pieces at a cut, and text without a cut', () => {
    expect(maskCutEdges(`the end of a sentence.${marker}Then more`).text).toBe(`the end of a sentence.${marker}Then more`);
    expect(maskCutEdges(`ab12${marker}x9`).masked).toBe(0);
    expect(maskCutEdges('no cut here ghp').masked).toBe(0);
  });

  it('masks at the raw edges of a huge output too', () => {
    expect(maskCutEdges('aaa Zx81kQ9pL2\n... (123 bytes omitted) ...\nmore').text).toBe(
      'aaa [REDACTED:cut]\n... (123 bytes omitted) ...\nmore',
    );
  });

  it('bounds the work on a huge summary with the same cut, masked the same way', () => {
    const token = githubToken();
    const line = `${'a'.repeat(8 * 1024 - 20)}${token}${'b '.repeat(60_000)}\n`;
    const record = commandRecord({ sessionId: 's', seq: 1, commandLine: 'cat bundle.min.js', outputSummary: line, outputEnd: line.length });
    const out = outwardRecord(record, redactor);
    expect(out.outputSummary.length).toBeLessThan(17 * 1024);
    expect(leaksPart(out.outputSummary, token, 8)).toBe(false);
    // Kept per redactor once the command ended: the catalog asks again on every question.
    expect(outwardRecord(record, redactor).outputSummary).toBe(out.outputSummary);
  });

  it("counts what it masked with the output's redactions", () => {
    const out = outwardOutput('cat big.json', `x Zx81kQ9pL2${marker}y`, redactor);
    expect(out.counts).toMatchObject({ cut: 1 });
  });
});

describe('commands that exist to print a secret', () => {
  it('have their whole output withheld', () => {
    const out = outwardOutput('pass show web/github', 'hunter2-but-longer\nlogin: dev\n', redactor);
    expect(out).toEqual({ text: `[REDACTED:${PRINTED_SECRET}]`, counts: { [PRINTED_SECRET]: 1 } });
  });

  it('keep an empty output empty', () => {
    expect(outwardOutput('pass show web/github', '', redactor).text).toBe('');
  });

  it('withhold their summary in the record', () => {
    const out = outwardRecord(
      commandRecord({ sessionId: 's', seq: 1, commandLine: 'op read op://Private/db/password', outputSummary: 'Tr0ub4dor&3\n' }),
      redactor,
    );
    expect(out.outputSummary).toBe(`[REDACTED:${PRINTED_SECRET}]`);
  });
});
