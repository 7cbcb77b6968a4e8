// SPDX-License-Identifier: MIT
import { describe, expect, it, vi } from 'vitest';
import type { Api } from '../../shared/ipc';

/**
 * The controller's link wiring, with xterm.js replaced by a recorder (the unit tests run in Node,
 * without a DOM): OSC 8 links must reach the confirming opener, printed URLs the direct one.
 */
const seen = vi.hoisted(() => ({
  options: undefined as Record<string, unknown> | undefined,
  webLinks: undefined as ((event: MouseEvent, uri: string) => void) | undefined,
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
    onData = () => disposable;
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
vi.mock('./command-decorations', () => ({ CommandDecorations: class {} }));
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
