// SPDX-License-Identifier: MIT
import { displayLine } from '../text/display-text';
import type { CommandRecord } from './command';

/**
 * `alice@box over ssh` for a command run in a remote shell (its hostname as reported), undefined for
 * a local one. For display: the remote chose its user and host names, so their controls are shown
 * as pictures (see displayLine).
 */
export const remotePlaceOf = (command: Pick<CommandRecord, 'hostname' | 'remote'>): string | undefined => {
  const { remote } = command;
  return remote && displayLine(`${remote.user ? `${remote.user}@` : ''}${command.hostname ?? remote.host} over ssh`);
};

export const commandId = (sessionId: string, seq: number): string => `${sessionId}:${seq}`;
