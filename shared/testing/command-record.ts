// SPDX-License-Identifier: MIT
import { commandId, type CommandRecord } from '../domain/command';

/**
 * The one test builder of a CommandRecord: a complete record from the fields a test cares about
 * (the id follows from session and seq). Every field it does not name is empty: no command line, no
 * cwd, not ended, no output. A suite that wants typical values names them in its own preset on top
 * of this (electron/store/testing/fixtures.ts's commandInput).
 */
export const commandRecord = (fields: Partial<CommandRecord> & { sessionId: string; seq: number }): CommandRecord => ({
  id: commandId(fields.sessionId, fields.seq),
  commandLine: null,
  cwd: null,
  hostname: null,
  shell: null,
  startedAt: 0,
  endedAt: null,
  exitCode: null,
  outputStart: 0,
  outputEnd: null,
  outputSummary: '',
  source: 'integrated',
  ...fields,
});
