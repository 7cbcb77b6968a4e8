// SPDX-License-Identifier: MIT
import type { CommandRecord } from '../../shared/domain/command';
import { api } from '../transport/api';
import { transcriptOf } from './action-logic';

/**
 * Copies a command's whole output (from the store, not the scrollback) as plain text, or the
 * command line with it: for the commands list and the output viewer alike.
 */
export const copyCommandOutput = async (command: CommandRecord, what: 'output' | 'both'): Promise<void> => {
  const result = await api.invoke('commands:output', { id: command.id, format: 'plain' });
  if (!result.ok) throw new Error(result.error.message);
  const text = what === 'both' ? transcriptOf(command.commandLine, result.value.text) : result.value.text;
  await navigator.clipboard.writeText(text);
};
