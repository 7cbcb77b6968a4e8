// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { Redactor } from '../../context/redaction';
import { outwardResult, resultText } from './mcp-result';
import { StderrRing } from './stderr-ring';

describe('resultText', () => {
  it('joins the text parts, names what it leaves out, and falls back to structured content', () => {
    expect(
      resultText({
        content: [
          { type: 'text', text: 'one' },
          { type: 'image', data: 'AAAA', mimeType: 'image/png' },
          { type: 'resource', resource: { uri: 'file:///x', text: 'two' } },
          { type: 'resource_link', uri: 'file:///y' },
        ],
      }),
    ).toEqual({ text: 'one\n[image left out]\ntwo\n[resource link file:///y]', isError: false });
    expect(resultText({ content: [], structuredContent: { a: 1 } })).toEqual({ text: '{"a":1}', isError: false });
    expect(resultText({ content: [{ type: 'text', text: 'bad' }], isError: true })).toEqual({ text: 'bad', isError: true });
    expect(resultText(null)).toEqual({ text: '', isError: false });
  });

  it('redacts before it cuts, so a secret across the cut is never half sent', () => {
    const secret = `ghp_${'A1b2C3d4E5'.repeat(3)}A1b2C3`;
    const text = `${'a'.repeat(95)} ${secret} tail`;
    const out = outwardResult(text, new Redactor(), 110);
    expect(out.cut).toBe(true);
    expect(out.redactions).toBe(1);
    expect(out.text).not.toContain('ghp_A1b2');
    expect(out.text).toMatch(/more characters cut: the result was longer than 110 characters\]$/);
  });
});

describe('StderrRing', () => {
  it('keeps the last 200 lines, each bounded, across chunk boundaries and split UTF-8', () => {
    const ring = new StderrRing();
    for (let i = 0; i < 250; i++) ring.push(`line ${i}\n`);
    expect(ring.lines()).toHaveLength(200);
    expect(ring.lines()[0]).toBe('line 50');
    const euro = Buffer.from('€\n');
    ring.push(euro.subarray(0, 1));
    ring.push(euro.subarray(1));
    expect(ring.lines().at(-1)).toBe('€');
    ring.push(`${'x'.repeat(5_000)}\npartial`);
    expect(ring.lines().at(-2)).toHaveLength(2_001);
    expect(ring.lines().at(-1)).toBe('partial');
  });
});
