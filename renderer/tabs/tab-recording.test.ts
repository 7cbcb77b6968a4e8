// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { tabRecording } from './tab-recording';

describe('tabRecording', () => {
  it('says Private only while every pane of the tab is private', () => {
    expect(tabRecording('private', ['private'])).toBe('private');
    expect(tabRecording('private', ['private', 'private'])).toBe('private');
    // The focused pane is private, another records: the tab is not private.
    expect(tabRecording('private', ['private', 'on'])).toBe('on');
    expect(tabRecording('private', ['private', 'paused'])).toBe('paused');
  });

  it('otherwise says what its focused pane does', () => {
    expect(tabRecording('on', ['on', 'private'])).toBe('on');
    expect(tabRecording('paused', ['paused', 'on'])).toBe('paused');
    expect(tabRecording('on', [])).toBe('on');
  });
});
