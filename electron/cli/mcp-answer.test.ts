// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { answerSize, cappedList, fittedTail, MAX_ANSWER_CHARS, toolAnswer } from './mcp-answer';

/** A plain-text answer (a resource) as the client receives it: one text part, serialized. */
const textAnswerSize = (text: string): number => JSON.stringify({ content: [{ type: 'text', text }] }).length;

describe('answer budget', () => {
  it('counts escaping and both copies (text and structuredContent), as the client receives them', () => {
    const items = Array.from({ length: 40 }, () => ({ text: '"\\\u0001'.repeat(1000) }));
    const value = cappedList('items', items, 'ask for fewer');
    expect(JSON.stringify(toolAnswer(value)).length).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(answerSize(value)).toBeGreaterThan(MAX_ANSWER_CHARS / 2);
    const parsed = value as { items: unknown[]; omitted_for_size: number; note: string };
    expect(parsed.items.length + parsed.omitted_for_size).toBe(40);
    expect(parsed.omitted_for_size).toBeGreaterThan(0);
    expect(parsed.note).toBe('ask for fewer');
    expect(JSON.parse(toolAnswer(value).content[0]!.text)).toEqual(toolAnswer(value).structuredContent);
  });

  it('keeps the end of a long text, within the budget', () => {
    const tail = fittedTail('\u0001'.repeat(100_000) + 'END');
    expect(textAnswerSize(tail)).toBeLessThanOrEqual(MAX_ANSWER_CHARS);
    expect(textAnswerSize(tail)).toBeGreaterThan(MAX_ANSWER_CHARS - 10);
    expect(tail.endsWith('END')).toBe(true);
  });
});
