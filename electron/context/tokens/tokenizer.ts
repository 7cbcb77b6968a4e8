// SPDX-License-Identifier: MIT

/** The BPE encodings gpt-tokenizer ships that current OpenAI model families use. */
export type EncodingName = 'o200k_base' | 'cl100k_base';

export interface ExactTokenizer {
  readonly encoding: EncodingName;
  count(text: string): number;
}

type CountFn = (text: string, options?: { disallowedSpecial?: Set<string> }) => number;

// Dynamic imports keep the multi-megabyte rank tables out of startup; they load on first exact count.
const LOADERS: Record<EncodingName, () => Promise<{ countTokens: CountFn }>> = {
  o200k_base: () => import('gpt-tokenizer/encoding/o200k_base'),
  cl100k_base: () => import('gpt-tokenizer/encoding/cl100k_base'),
};

const loaded = new Map<EncodingName, Promise<ExactTokenizer>>();

/**
 * Terminal output can contain text like `<|endoftext|>`; providers count it as plain text, and the
 * tokenizer's default would throw on it instead.
 */
const PLAIN = { disallowedSpecial: new Set<string>() };

export const loadTokenizer = (encoding: EncodingName): Promise<ExactTokenizer> => {
  let pending = loaded.get(encoding);
  if (!pending) {
    pending = LOADERS[encoding]().then(({ countTokens }) => ({ encoding, count: (text: string) => countTokens(text, PLAIN) }));
    // A failed load (missing package in a broken install) must not poison later attempts.
    pending.catch(() => loaded.delete(encoding));
    loaded.set(encoding, pending);
  }
  return pending;
};

/** Model name → encoding, for OpenAI families; null means "no tokenizer here, estimate". */
export const encodingForModel = (model: string): EncodingName | null => {
  const name = model.toLowerCase().replace(/^.*\//, '');
  if (/^(gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4\.5|gpt-5|o1|o3|o4|gpt-oss|codex-mini)/.test(name)) return 'o200k_base';
  if (/^(gpt-4|gpt-3\.5|text-embedding-3|text-embedding-ada)/.test(name)) return 'cl100k_base';
  return null;
};

/**
 * Where a text can be cut without changing its token count: right after a newline and before a
 * non-space character. BPE pre-tokenizers never join pieces across that point, so the counts of
 * the parts add up exactly to the count of the whole.
 */
export const safeCut = (text: string, near: number): number => {
  const ok = (i: number) => text.charCodeAt(i - 1) === 10 && !/\s/.test(text[i]!);
  for (let i = Math.min(near, text.length - 1); i > 0; i--) if (ok(i)) return i;
  for (let i = near + 1; i < text.length; i++) if (ok(i)) return i;
  return text.length;
};

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Exact count in slices of about `chunkChars`, yielding between slices. gpt-tokenizer runs at
 * 3–15 MB/s here, so a 1 MB tool result would otherwise hold the main process for ~300 ms; sliced,
 * IPC and pty traffic keep flowing. (A worker thread would need a separate bundle entry per host.)
 */
export const countChunked = async (tokenizer: ExactTokenizer, text: string, chunkChars = 32_768, signal?: AbortSignal): Promise<number> => {
  if (text.length <= chunkChars) return tokenizer.count(text);
  let total = 0;
  let start = 0;
  while (start < text.length) {
    signal?.throwIfAborted();
    let end = start + chunkChars >= text.length ? text.length : safeCut(text, start + chunkChars);
    if (end <= start) end = text.length;
    total += tokenizer.count(text.slice(start, end));
    start = end;
    if (start < text.length) await yieldToEventLoop();
  }
  return total;
};
