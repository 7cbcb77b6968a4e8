// SPDX-License-Identifier: MIT

/** What asking the page's own address for the page told us after the socket closed. */
export type AddressAnswer = 'up' | 'token-refused' | 'unreachable';

/**
 * After this many failed connections in a row with nothing listening, the host is taken as gone:
 * the backoff has then waited about 4 s, far longer than a reload of the same launch takes.
 */
const UNREACHABLE_LIMIT = 4;

/**
 * Whether this page can still hope to reconnect. A 401 means a new launch with a new token answers
 * at this address, so no retry will ever succeed; silence for several tries means the host stopped
 * or moved to another port, which the page cannot learn either.
 */
export const addressGone = (answer: AddressAnswer, failuresInRow: number): boolean =>
  answer === 'token-refused' || (answer === 'unreachable' && failuresInRow >= UNREACHABLE_LIMIT);

/**
 * Asks for the page itself (HEAD, same token) since a refused WebSocket upgrade gives the page no
 * status code: only a plain request tells a wrong token (401) from a closed port (network error).
 */
export const checkAddress = async (token: string): Promise<AddressAnswer> => {
  try {
    const response = await fetch(`/?token=${encodeURIComponent(token)}`, { method: 'HEAD', cache: 'no-store' });
    return response.status === 401 ? 'token-refused' : 'up';
  } catch {
    return 'unreachable';
  }
};
