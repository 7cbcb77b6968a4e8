// SPDX-License-Identifier: MIT
import { unescapeMarkValue } from './protocol/mark-codec';
import type { MarkScanner } from './protocol/mark-scanner';
import { ContextermOscPt, FinalTermOscPt, MarkSigner, markExitCode, markFields, type Mark } from './protocol/osc-protocol';
import type { SegmentEvent, SshRequest } from './segment-event';

/** A one-time request id: printable, so it is inert in the answer typed back (ssh/remote-payload.ts). */
export const REQUEST_ID = /^[A-Za-z0-9_-]{16,64}$/;

type SshUnanswered = Extract<SegmentEvent, { type: 'ssh-unanswered' }>;

/**
 * Contexterm's own marks (ContextermOscPt in protocol/osc-protocol.ts): the segmenter's side of
 * the ssh bootstrap's first step (resources/shell-integration/ssh). After our ssh function's
 * `633;S;<id>;<host>` mark (or for an SSH-host profile, from the start), the scanner accepts one
 * mark signed with that one-time id: the remote's `633;R;<shell>;<user>` request. Any other mark
 * of the local shell means ssh has ended, and the id is spent.
 */
export class SshHandshake {
  private _host: string | null = null;
  private _id: string | null = null;

  constructor(private readonly _scanner: MarkScanner) {}

  /** Whether a request is awaited. */
  get pending(): boolean {
    return this._host !== null;
  }

  expect(id: string, host: string): void {
    if (!REQUEST_ID.test(id)) throw new Error('segmenter: a request id is 16–64 characters of [A-Za-z0-9_-]');
    this._host = host;
    this._id = id;
    this._scanner.setKey(MarkSigner.Request, id);
  }

  /** An SshStart mark of the local shell while its command runs: `<id>;<host>`; a malformed one is ignored. */
  start(mark: Mark): void {
    const fields = markFields(mark);
    const semicolon = fields.indexOf(';');
    const id = fields.slice(0, semicolon);
    if (semicolon >= 0 && REQUEST_ID.test(id)) this.expect(id, unescapeMarkValue(fields.slice(semicolon + 1)));
  }

  /** The mark signed with the id: the request, once, when it is an SshRequest; the id is spent either way. */
  answer(mark: Mark, at: number): SshRequest | undefined {
    const host = this._host;
    const id = this._id;
    this.cancel();
    if (host === null || id === null || mark.code !== ContextermOscPt.SshRequest || mark.protocol !== 'contexterm') return undefined;
    const [shell = '', user = ''] = markFields(mark).split(';').map(unescapeMarkValue);
    return { type: 'ssh-request', id, host, shell, user, at };
  }

  /**
   * Any mark of the local shell but SshStart means its ssh has ended, so the id is spent. If the
   * remote never asked, it ran no shell for our command (a router's CLI, a ForceCommand menu, git
   * hosting): said unless ssh itself failed (255) or was interrupted (130), or the exit is unknown.
   */
  localMark(mark: Mark, at: number): SshUnanswered | undefined {
    if (this._host === null || (mark.protocol === 'contexterm' && mark.code === ContextermOscPt.SshStart)) return undefined;
    const exitCode = mark.protocol === 'finalterm' && mark.code === FinalTermOscPt.CommandFinished ? markExitCode(mark) : null;
    const host = this._host;
    this.cancel();
    if (exitCode !== null && exitCode !== 255 && exitCode !== 130) return { type: 'ssh-unanswered', host, exitCode, at };
    return undefined;
  }

  cancel(): void {
    this._host = null;
    this._id = null;
    this._scanner.setKey(MarkSigner.Request, undefined);
  }
}
