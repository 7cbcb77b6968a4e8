// SPDX-License-Identifier: MIT

/**
 * The most one MCP answer may weigh, counted as the client receives it: the whole tool result
 * serialized, `{"content":[{"type":"text","text":"…"}],"structuredContent":{…}}`. Both copies
 * travel (clients differ in which one they hand the model: Claude Code gives it the structured one,
 * others the text), so both are counted, and JSON escaping counts twice in the text copy. Claude
 * Code refuses a tool result much above this ("Output too large"); counting before escaping let
 * 120,000 characters of text become 132,534.
 */
export const MAX_ANSWER_CHARS = 80_000;

export interface TextPart {
  readonly type: 'text';
  readonly text: string;
}

/** A tool's answer: the JSON as text for clients that read only text, and the same value typed. */
export interface ToolAnswer {
  readonly content: TextPart[];
  readonly structuredContent: Record<string, unknown>;
  readonly [key: string]: unknown;
}

export const toolAnswer = (value: Record<string, unknown>): ToolAnswer => ({ content: [{ type: 'text', text: JSON.stringify(value) }], structuredContent: value });

/** The answer's size as it travels, both copies. */
export const answerSize = (value: Record<string, unknown>): number => JSON.stringify(toolAnswer(value)).length;

/** The size of a plain-text answer (a resource), which travels once. */
export const textAnswerSize = (text: string): number => JSON.stringify({ content: [{ type: 'text', text }] }).length;

export const fits = (value: Record<string, unknown>): boolean => answerSize(value) <= MAX_ANSWER_CHARS;

/**
 * `{[key]: items, ...extra}`, dropping items from the end until the serialized answer fits, and
 * saying how many were left out and how to get them (`hint`). `reserve` keeps room for fields the
 * caller adds once it knows how many items fit.
 */
export const cappedList = (key: string, items: readonly unknown[], hint: string, extra: Record<string, unknown> = {}, reserve = 0): Record<string, unknown> => {
  let kept = items.length;
  for (;;) {
    const omitted = items.length - kept;
    const value = { [key]: items.slice(0, kept), ...extra, ...(omitted > 0 ? { omitted_for_size: omitted, note: hint } : {}) };
    const size = answerSize(value);
    if (size <= MAX_ANSWER_CHARS - reserve || kept === 0) return value;
    kept = Math.max(0, Math.min(kept - 1, Math.floor((kept * (MAX_ANSWER_CHARS - reserve)) / size)));
  }
};

/**
 * Plain text kept to its end (the newest part), cut at the front until the serialized answer fits:
 * escaping varies along the text, so the cut is searched for, not computed.
 */
export const fittedTail = (text: string, marker = '…\n'): string => {
  const fitsText = (candidate: string) => textAnswerSize(candidate) <= MAX_ANSWER_CHARS;
  if (fitsText(text)) return text;
  let low = 0; // too much kept
  let high = text.length; // fits (nothing kept)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fitsText(`${marker}${text.slice(mid)}`)) high = mid;
    else low = mid;
  }
  return `${marker}${text.slice(high)}`;
};
