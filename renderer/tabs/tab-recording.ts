// SPDX-License-Identifier: MIT
import type { RecordingState } from '../../shared/ipc/history';

/**
 * What a tab's header says about recording. A tab is Private only while every pane in it is: a
 * header that said Private over a pane that records (its focused pane private, another not) was
 * the red team's finding. Otherwise it says what its focused pane does, and a private
 * focused pane beside recorded ones counts as the recording it sits with.
 */
export const tabRecording = (focused: RecordingState, panes: readonly RecordingState[]): RecordingState => {
  if (panes.length > 0 && panes.every((state) => state === 'private')) return 'private';
  if (focused !== 'private') return focused;
  return panes.includes('on') ? 'on' : 'paused';
};
