// SPDX-License-Identifier: MIT

export interface RequestTarget {
  readonly pathname: string;
  readonly query: URLSearchParams;
}

const MAX_TARGET = 8 * 1024;

/**
 * The request line's target, parsed so that nothing a client sends can throw: Node's HTTP parser
 * accepts targets such as `//[` that `new URL()` rejects, and one uncaught TypeError in a request
 * or upgrade handler would end the process and every terminal with it. Only origin-form targets
 * (`/path?query`) are ours; anything else is undefined and answered 400.
 */
export const parseRequestTarget = (raw: string | undefined): RequestTarget | undefined => {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_TARGET || raw[0] !== '/' || raw.startsWith('//')) {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw, 'http://127.0.0.1');
  } catch {
    return undefined;
  }
  // A target that resolves elsewhere (it cannot with a leading single slash, but be explicit).
  if (url.origin !== 'http://127.0.0.1') return undefined;
  return { pathname: url.pathname, query: url.searchParams };
};

/** decodeURIComponent that answers undefined for malformed escapes (`%`, `%zz`) instead of throwing. */
export const safeDecode = (text: string): string | undefined => {
  try {
    return decodeURIComponent(text);
  } catch {
    return undefined;
  }
};

/**
 * A request the browser makes on speculation (`Sec-Purpose: prefetch` or `prefetch;prerender`,
 * older `Purpose: prefetch`): serving it is fine, starting a shell for it is not.
 */
export const speculative = (headers: Readonly<Record<string, string | string[] | undefined>>): boolean =>
  [headers['sec-purpose'], headers.purpose].some((value) => /\bprefetch\b/i.test(String(value ?? '')));
