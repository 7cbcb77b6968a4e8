// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { tabActions } from '../tabs/tab-menu';
import { placeMenu } from './menu';

const viewport = { width: 1000, height: 600 };
const size = { width: 200, height: 100 };

describe('menu placement', () => {
  it('opens at the point asked, or ends there when aligned to the end', () => {
    expect(placeMenu({ x: 300, y: 40 }, size, viewport)).toEqual({ left: 300, top: 40 });
    expect(placeMenu({ x: 300, y: 40 }, size, viewport, 'end')).toEqual({ left: 100, top: 40 });
  });

  it('moves in rather than overflow the window', () => {
    expect(placeMenu({ x: 950, y: 580 }, size, viewport)).toEqual({ left: 796, top: 496 });
    expect(placeMenu({ x: 50, y: 10 }, size, viewport, 'end')).toEqual({ left: 4, top: 10 });
  });
});

describe('a tab menu', () => {
  const on = { rename: () => undefined, setRecording: () => undefined, close: () => undefined };
  const labels = (recording: 'on' | 'paused' | 'private') => tabActions({ id: 't', recording }, on).map((a) => a.label);

  it('pauses a recorded tab and resumes a paused one', () => {
    expect(labels('on')).toEqual(['Rename…', 'Pause recording', 'Close tab']);
    expect(labels('paused')).toEqual(['Rename…', 'Resume recording', 'Close tab']);
  });

  it('has no recording toggle in a private tab', () => {
    expect(labels('private')).toEqual(['Rename…', 'Close tab']);
  });

  it('asks the main process for the state the item names', () => {
    const calls: Array<[string, boolean]> = [];
    const record = { ...on, setRecording: (id: string, paused: boolean) => void calls.push([id, paused]) };
    tabActions({ id: 't', recording: 'on' }, record)
      .find((a) => a.id === 'recording')!
      .run();
    tabActions({ id: 't', recording: 'paused' }, record)
      .find((a) => a.id === 'recording')!
      .run();
    expect(calls).toEqual([
      ['t', true],
      ['t', false],
    ]);
  });
});
