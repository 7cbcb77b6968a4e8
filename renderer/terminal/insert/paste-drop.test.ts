// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { routePasteAndDrop } from './paste-drop';

type Handler = (event: unknown) => void;

/** An element that keeps its capture-phase listeners, and events that record what was done to them. */
const fakeElement = () => {
  const listeners = new Map<string, Handler>();
  const element = {
    addEventListener: (type: string, handler: Handler, capture: boolean) => {
      expect(capture).toBe(true);
      listeners.set(type, handler);
    },
    removeEventListener: (type: string) => listeners.delete(type),
  };
  return { element: element as unknown as HTMLElement, listeners };
};

const event = (data: Record<string, string>, field: 'clipboardData' | 'dataTransfer') => {
  const done: string[] = [];
  const transfer = { types: Object.keys(data), getData: (type: string) => data[type] ?? '', dropEffect: 'none' };
  return {
    done,
    transfer,
    [field]: transfer,
    preventDefault: () => done.push('preventDefault'),
    stopImmediatePropagation: () => done.push('stopped'),
  };
};

describe('routePasteAndDrop', () => {
  it('takes a paste before xterm.js, so its text reaches the shell only through the gate', () => {
    const { element, listeners } = fakeElement();
    const inserted: string[] = [];
    routePasteAndDrop(element, (text) => inserted.push(text));
    const paste = event({ 'text/plain': 'echo hi\x1b[201~\rtouch canary\r' }, 'clipboardData');
    listeners.get('paste')!(paste);
    expect(paste.done).toEqual(['preventDefault', 'stopped']);
    expect(inserted).toEqual(['echo hi\x1b[201~\rtouch canary\r']);
  });

  it('takes a drop of text the same way, and leaves a drop of files alone', () => {
    const { element, listeners } = fakeElement();
    const inserted: string[] = [];
    routePasteAndDrop(element, (text) => inserted.push(text));
    const over = event({ 'text/plain': 'ls' }, 'dataTransfer');
    listeners.get('dragover')!(over);
    expect(over.done).toEqual(['preventDefault']);
    expect(over.transfer.dropEffect).toBe('copy');
    const drop = event({ 'text/plain': 'ls -la' }, 'dataTransfer');
    listeners.get('drop')!(drop);
    expect(drop.done).toEqual(['preventDefault', 'stopped']);
    const files = event({ Files: '' }, 'dataTransfer');
    listeners.get('drop')!(files);
    expect(files.done).toEqual([]);
    expect(inserted).toEqual(['ls -la']);
  });

  it('removes its listeners when undone', () => {
    const { element, listeners } = fakeElement();
    routePasteAndDrop(element, () => undefined)();
    expect(listeners.size).toBe(0);
  });
});
