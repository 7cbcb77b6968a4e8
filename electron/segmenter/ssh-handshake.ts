// SPDX-License-Identifier: MIT
import { unescapeMarkValue } from './mark-codec';
import { REQUEST_KEY, type MarkScanner } from './mark-scanner';
import type { SshRequest } from './segment-event';

/** A one-time request id: printable, so it is inert in the answer typed back (ssh/remote-payload.ts). */
export const REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;

/**
 * The segmenter's side of the ssh bootstrap's first step (resources/shell-integration/ssh): after
 * our ssh function's `633;S;<id>;<host>` mark (or for an SSH-host profile, from the start), the
 * scanner accepts one mark signed with that one-time id: the remote's `633;R;<shell>;<user>`
 * request. Any other mark of the local shell means ssh has ended, and the id is spent.
 */
export class SshHandshake {
  private _host: string | null = null;
  private _id: string | null = null;

  constructor(private readonly _scanner: MarkScanner) {}

  /** Whether a request is awaited. */
  get pending(): boolean {
    return this._host !== null;
  }

  /** The host a request is awaited from. */
  get host(): string | null {
    return this._host;
  }

  expect(id: string, host: string): void {
    if (!REQUEST_ID.test(id)) throw new Error('segmenter: a request id is 16–64 characters of [A-Za-z0-9_-]');
    this._host = host;
    this._id = id;
    this._scanner.setKey(REQUEST_KEY, id);
  }

  /** The `S` mark's fields, `<id>;<host>`; a malformed one is ignored. */
  start(fields: string): void {
    const semicolon = fields.indexOf(';');
    const id = fields.slice(0, semicolon);
    if (semicolon >= 0 && REQUEST_ID.test(id)) this.expect(id, unescapeMarkValue(fields.slice(semicolon + 1)));
  }

  /** The mark signed with the id (its fields when it is an `R` mark, else null): the request, once. */
  answer(fields: string | null, at: number): SshRequest | undefined {
    const host = this._host;
    const id = this._id;
    this.cancel();
    if (host === null || id === null || fields === null) return undefined;
    const [shell = '', user = ''] = fields.split(';').map(unescapeMarkValue);
    return { type: 'ssh-request', id, host, shell, user, at };
  }

  cancel(): void {
    this._host = null;
    this._id = null;
    this._scanner.setKey(REQUEST_KEY, undefined);
  }
}
