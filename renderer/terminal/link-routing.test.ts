// SPDX-License-Identifier: MIT
import { describe, expect, it } from 'vitest';
import { confirmMessage, createLinkRouter, hyperlinkHandler, linkModifierHeld, webLinkActivate } from './link-routing';

const harness = (host: 'electron' | 'web', answer = true) => {
  const log = { sent: [] as string[], windows: [] as string[], asked: [] as string[] };
  const router = createLinkRouter({
    host: () => host,
    sendExternal: (url) => log.sent.push(url),
    openWindow: (url) => log.windows.push(url),
    confirm: (message) => (log.asked.push(message), answer),
  });
  return { router, log };
};

const click = (modifiers: { ctrlKey?: boolean; metaKey?: boolean } = { ctrlKey: true }) => {
  const event = { ctrlKey: false, metaKey: false, ...modifiers, prevented: false, preventDefault: () => (event.prevented = true) };
  return event;
};
const onLinux = (event: { ctrlKey: boolean; metaKey: boolean }) => linkModifierHeld(event, false);

describe('link routing', () => {
  it('sends desktop links to main over app:open-external, normalised', () => {
    const { router, log } = harness('electron');
    expect(router.open(' HTTPS://Example.com/a b')).toBe(true);
    expect(log).toEqual({ sent: ['https://example.com/a%20b'], windows: [], asked: [] });
  });

  it('opens browser-mode links in a new tab', () => {
    const { router, log } = harness('web');
    router.open('https://example.com/');
    expect(log.windows).toEqual(['https://example.com/']);
    expect(log.sent).toEqual([]);
  });

  it('asks before a hidden-target link and shows the URL that will be opened', () => {
    const { router, log } = harness('electron');
    expect(router.openConfirmed('https://example.com/x\u0020y')).toBe(true);
    expect(log.asked).toEqual([confirmMessage('https://example.com/x%20y')]);
    expect(log.sent).toEqual(['https://example.com/x%20y']);
  });

  it('opens nothing when the user declines', () => {
    const { router, log } = harness('electron', false);
    expect(router.openConfirmed('https://example.com/')).toBe(false);
    expect(log.sent).toEqual([]);
  });

  it.each([
    'javascript:alert(1)',
    'file:///etc/passwd',
    'https://x\nfile:///y',
    'https://bank.example@evil.example/',
    'mailto:a@example.com',
    'nonsense',
  ])('refuses %s without asking', (url) => {
    for (const host of ['electron', 'web'] as const) {
      const { router, log } = harness(host);
      expect(router.open(url)).toBe(false);
      expect(router.openConfirmed(url)).toBe(false);
      expect(log).toEqual({ sent: [], windows: [], asked: [] });
    }
  });
});

describe('xterm.js handlers', () => {
  it('routes a Ctrl+clicked OSC 8 link to the confirming opener instead of window.open()', () => {
    const opened: string[] = [];
    const handler = hyperlinkHandler((url) => opened.push(url), onLinux);
    const event = click();
    handler.activate(event as unknown as MouseEvent, 'https://example.com/', { start: { x: 1, y: 1 }, end: { x: 5, y: 1 } });
    expect(event.prevented).toBe(true);
    expect(opened).toEqual(['https://example.com/']);
    expect(handler.allowNonHttpProtocols).toBe(false);
  });

  it('routes a Ctrl+clicked printed URL to the direct opener', () => {
    const opened: string[] = [];
    const event = click();
    webLinkActivate((url) => opened.push(url), onLinux)(event as unknown as MouseEvent, 'https://example.com/');
    expect(event.prevented).toBe(true);
    expect(opened).toEqual(['https://example.com/']);
  });

  it('leaves a plain click to the terminal (it selects), for printed URLs and OSC 8 links alike', () => {
    const opened: string[] = [];
    const plain = click({});
    webLinkActivate((url) => opened.push(url), onLinux)(plain as unknown as MouseEvent, 'https://example.com/');
    expect(plain.prevented).toBe(false);
    hyperlinkHandler((url) => opened.push(url), onLinux).activate(click({}) as unknown as MouseEvent, 'https://example.com/', {
      start: { x: 1, y: 1 },
      end: { x: 5, y: 1 },
    });
    expect(opened).toEqual([]);
  });

  it('opens with Cmd+click on macOS, where Ctrl+click is the context menu', () => {
    expect(linkModifierHeld({ ctrlKey: false, metaKey: true }, true)).toBe(true);
    expect(linkModifierHeld({ ctrlKey: true, metaKey: false }, true)).toBe(false);
    expect(linkModifierHeld({ ctrlKey: true, metaKey: false }, false)).toBe(true);
    expect(linkModifierHeld({ ctrlKey: false, metaKey: true }, false)).toBe(false);
  });
});
