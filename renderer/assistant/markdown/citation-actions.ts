// SPDX-License-Identifier: MIT
import { useCommands } from '../../state/commands';
import { openOutputViewer } from '../../state/output-viewer';
import { invoke } from '../../transport/invoke';
import { report } from '../conversation/conversation-actions';

/**
 * A click on a citation: the record, read from the store now, is selected in the Commands panel
 * (when it lists it) and its whole output opens in the viewer. A record forgotten since the
 * answer says so.
 */
export const showCitedCommand = async (commandId: string): Promise<void> => {
  const result = await invoke('commands:get', { id: commandId });
  if (!result.ok) return report(result.error.code === 'not-found' ? 'That record is no longer in your history.' : result.error.message);
  useCommands.getState().select(commandId);
  openOutputViewer(result.value.command);
};
