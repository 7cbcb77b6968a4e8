// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../shared/ipc';

/**
 * The controller's wiring, with xterm.js replaced by a recorder (the unit tests run in Node,
 * without a DOM): OSC 8 links must reach the confirming opener, printed URLs the direct one; input
 * during a snapshot's paint reaches the pty when the user typed it, and not when xterm answered.
 */
const seen = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  webLinks: undefined as ((event: MouseEvent, uri: string) => void) | undefined,
  onData: undefined as ((data: string) => void) | undefined,
}));

vi.mock('@xterm/xterm', () => {
  const disposable = { dispose: () => undefined };
  class Terminal {
    unicode = { activeVersion: '' };
    options: Record<string, unknown>;
    constructor(options: Record<string, unknown>) {
      this.options = options;
      seen.options = options;
    }
    loadAddon(): void {}
    cols = 80;
    rows = 24;
    onData = (listener: (data: string) => void) => {
      seen.onData = listener;
      return disposable;
    };
    modes = { bracketedPasteMode: false };
    input = (text: string) => seen.onData?.(text);
    focus(): void {}
    onBinary = () => disposable;
    onTitleChange = () => disposable;
    onSelectionChange = () => disposable;
    parser = { registerCsiHandler: () => disposable };
  }
  return { Terminal };
});
vi.mock('@xterm/addon-web-links', () => ({
  WebLinksAddon: class {
    constructor(handler: (event: MouseEvent, uri: string) => void) {
      seen.webLinks = handler;
    }
  },
}));
vi.mock('@xterm/addon-fit', () => ({ FitAddon: class {} }));
vi.mock('@xterm/addon-search', () => ({ SearchAddon: class {} }));
vi.mock('@xterm/addon-unicode11', () => ({ Unicode11Addon: class {} }));
vi.mock('./command-decorations', () => ({
  CommandDecorations: class {
    clear(): void {}
  },
}));
vi.mock('./prompt-input/prompt-input-model', () => ({
  PromptInputModel: class {
    reset(): void {}
    dispose(): void {}
  },
}));
// A snapshot's paint that has begun and not ended until the test says so.
vi.mock('./xterm/terminal-output', () => ({
  TerminalOutput: class {
    repaint(_data: string, reset: () => void): void {
      reset();
    }
  },
}));
vi.mock('./xterm/screen-control', () => ({ watchScreenControl: () => ({ dispose: () => undefined }) }));

const { TerminalController } = await import('./terminal-controller');

describe('terminal links', () => {
  const direct: string[] = [];
  const confirmed: string[] = [];
  new TerminalController({
    id: 'p1',
    api: {} as Api,
    openLink: (url) => direct.push(url),
    openHyperlink: (url) => confirmed.push(url),
    onTitle: () => undefined,
    onCommandClick: () => undefined,
  });
  // Node has no navigator.platform: the Linux/Windows modifier, Ctrl.
  const click = { ctrlKey: true, metaKey: false, preventDefault: () => undefined } as unknown as MouseEvent;
  const plainClick = { ctrlKey: false, metaKey: false, preventDefault: () => undefined } as unknown as MouseEvent;

  it('gives xterm.js a linkHandler, so OSC 8 links do not fall back to window.open()', () => {
    const handler = seen.options?.linkHandler as { activate: (event: MouseEvent, uri: string, range: unknown) => void } | undefined;
    expect(handler).toBeDefined();
    handler?.activate(click, 'https://example.com/osc8', undefined);
    expect(confirmed).toEqual(['https://example.com/osc8']);
    expect(direct).toEqual([]);
  });

  it('opens printed URLs through the direct opener on Ctrl+click, and not on a plain click', () => {
    seen.webLinks?.(plainClick, 'https://example.com/plain');
    expect(direct).toEqual([]);
    seen.webLinks?.(click, 'https://example.com/printed');
    expect(direct).toEqual(['https://example.com/printed']);
  });
});

describe('input while a snapshot is painted', () => {
  it("sends the user's input, and drops xterm's own answers until the paint is over", async () => {
    // Made here, not when the file is read: it would replace the links block's recorded handlers.
    const sent: unknown[] = [];
    const controller = new TerminalController({
      id: 'p2',
      api: { send: (_channel: string, payload: unknown) => void sent.push(payload) } as unknown as Api,
      openLink: () => undefined,
      openHyperlink: () => undefined,
      onTitle: () => undefined,
      onCommandClick: () => undefined,
    });
    controller.restore({ data: 'screen', cols: 80, rows: 24, marks: [] } as never);
    seen.onData?.('\x1b[?1;2c');
    expect(sent, "xterm's answer to the snapshot").toEqual([]);
    // An insertion (the input gate) is the user's: it goes, as typed keys do.
    await controller.insert('ls');
    expect(sent).toEqual([{ id: 'p2', data: 'ls' }]);
  });
});
