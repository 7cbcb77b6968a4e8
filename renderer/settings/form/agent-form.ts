// SPDX-License-Identifier: MIT
import type { DraftCodec } from '../../../shared/settings/draft';

/** `agent.autoRunCommands` as typed: one command a line; blank lines are dropped, the rest is checked by the schema. */
export const autoRunCommandsCodec: DraftCodec<string[], string> = {
  toDraft: (commands) => commands.join('\n'),
  fromDraft: (text) =>
    text
      .split('\n')
      .map((line) => line.trim().replace(/\s+/g, ' '))
      .filter((line) => line !== ''),
};
