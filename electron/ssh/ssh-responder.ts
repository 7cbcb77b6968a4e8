// SPDX-License-Identifier: MIT
import type { SshNotice } from '../../shared/ipc/ssh';
import type { SshRequest } from '../segmenter/segment-event';
import { newNonce } from '../segmenter/protocol/mark-codec';
import { shellKind } from '../segmenter/shell-launch';
import { FALLBACK_SCRIPT, integrationScript, remoteAnswer } from './remote-payload';

export interface SshResponderDeps {
  /** Absolute path of resources/shell-integration. */
  readonly integrationDir: string;
  readonly notice: (notice: SshNotice) => void;
  readonly log: (message: string) => void;
}

/** Answers one remote shell's request; returns the nonce its integration signs with, if it got one. */
export type SshResponder = (sessionId: string, request: SshRequest, write: (data: string) => void) => string | undefined;

/**
 * The terminal's side of the ssh bootstrap (see resources/shell-integration/ssh/bootstrap.sh): the
 * remote login shell, started by our ssh function, asked for the integration with a mark signed by
 * its one-time id. A bash, zsh or fish gets the integration files and a fresh nonce of its own,
 * typed into the pty (the remote tty has echo off; nothing goes on a command line); any other
 * shell gets the answer that starts it plain. Either way the user is told in one line.
 */
export const createSshResponder =
  (deps: SshResponderDeps): SshResponder =>
  (sessionId, request, write) => {
    const kind = shellKind(request.shell);
    const notice = (outcome: SshNotice['outcome']): void => deps.notice({ sessionId, host: request.host, shell: request.shell, outcome });
    if (kind === undefined) {
      write(remoteAnswer(request.id, undefined, FALLBACK_SCRIPT));
      notice('unsupported');
      return undefined;
    }
    let script: string;
    try {
      script = integrationScript(kind, deps.integrationDir, request.id);
    } catch (error) {
      // Our own files are missing or unreadable: the login must still go on.
      deps.log(`ssh: no integration for ${request.host}: ${(error as Error).message}`);
      write(remoteAnswer(request.id, undefined, FALLBACK_SCRIPT));
      notice('unsupported');
      return undefined;
    }
    const nonce = newNonce();
    write(remoteAnswer(request.id, nonce, script));
    // 'integrated' is said once the remote shell's first mark shows it runs (see the recorder).
    return nonce;
  };
