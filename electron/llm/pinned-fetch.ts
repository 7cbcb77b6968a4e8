// SPDX-License-Identifier: MIT

export type Fetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

const urlOf = (input: string | URL | Request): URL =>
  new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);

/**
 * A fetch for the SDKs that only talks to the configured origin and never follows a redirect, so
 * the Authorization header cannot travel anywhere the user did not type (reliability.md §3.3).
 * A redirect comes back as its 3xx response, which the error classifier explains.
 */
export const createPinnedFetch = (baseUrl: string, inner: Fetch = globalThis.fetch): Fetch => {
  const origin = new URL(baseUrl).origin;
  return async (input, init) => {
    const target = urlOf(input);
    if (target.origin !== origin) {
      throw new TypeError(`refusing to send a request to ${target.origin}: only ${origin} is configured`);
    }
    return inner(input, { ...init, redirect: 'manual' });
  };
};

/** Trailing slashes would double up with the SDKs' own paths (`/v1//chat/completions`). */
export const normalizeBaseUrl = (baseUrl: string): string => baseUrl.trim().replace(/\/+$/, '');

export const originOf = (baseUrl: string): string | undefined => {
  try {
    return new URL(baseUrl).origin;
  } catch {
    return undefined;
  }
};
