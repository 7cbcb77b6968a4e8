// SPDX-License-Identifier: MIT

/**
 * The most one MCP answer may weigh, counted as the client receives it: the tool result serialized
 * (`{"content":[{"type":"text","text":"…"}]}`), so JSON escaping counts twice, once in our JSON text
 * and once more in the JSON-RPC message. Claude Code refuses a tool result much above this
 * ("Output too large"); counting before escaping let 120,000 characters of text become 132,534.
 */
export const MAX_ANSWER_CHARS = 80_000;

/** The answer's size as it travels: a tool result holding `text`. */
export const answerSize = (text: string): number => JSON.stringify({ content: [{ type: 'text', text }] }).length;

export const fits = (text: string): boolean => answerSize(text) <= MAX_ANSWER_CHARS;

/**
 * `{[key]: items, ...extra}` as JSON, dropping items from the end until the serialized answer fits,
 * and saying how many were left out and how to get them (`hint`).
 */
export const cappedList = (key: string, items: readonly unknown[], hint: string, extra: Record<string, unknown> = {}): string => {
  let kept = items.length;
  for (;;) {
    const omitted = items.length - kept;
    const text = JSON.stringify({ [key]: items.slice(0, kept), ...extra, ...(omitted > 0 ? { omitted_for_size: omitted, note: hint } : {}) });
    const size = answerSize(text);
    if (size <= MAX_ANSWER_CHARS || kept === 0) return text;
    kept = Math.max(0, Math.min(kept - 1, Math.floor((kept * MAX_ANSWER_CHARS) / size)));
  }
};

/**
 * Plain text kept to its end (the newest part), cut at the front until the serialized answer fits:
 * escaping varies along the text, so the cut is searched for, not computed.
 */
export const fittedTail = (text: string, marker = '…\n'): string => {
  if (fits(text)) return text;
  let low = 0; // too much kept
  let high = text.length; // fits (nothing kept)
  while (high - low > 1) {
    const mid = Math.floor((low + high) / 2);
    if (fits(`${marker}${text.slice(mid)}`)) high = mid;
    else low = mid;
  }
  return `${marker}${text.slice(high)}`;
};
