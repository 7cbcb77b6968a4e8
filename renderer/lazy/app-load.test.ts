// SPDX-License-Identifier: MIT
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConnectionStatus } from '../transport/ws-transport';
import { loadApp } from './app-load';

/** As in connection-text.ts. */
const LOST_TEXT = 'Connection to Contexterm lost — reconnecting…';

/** Just enough of an element for the banner: what it shows and whether it is on the page. */
const fakeElement = () => ({
  dataset: {} as Record<string, string>,
  hidden: false,
  className: '',
  textContent: '',
  attributes: {} as Record<string, string>,
  removed: false,
  setAttribute(name: string, value: string) {
    this.attributes[name] = value;
  },
  remove() {
    this.removed = true;
  },
});
type FakeElement = ReturnType<typeof fakeElement>;

/** A connection whose status the test moves. */
const fakeConnection = (initial: ConnectionStatus) => {
  const listeners = new Set<(status: ConnectionStatus) => void>();
  const connection = {
    status: initial,
    onStatus: (listener: (status: ConnectionStatus) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    move(status: ConnectionStatus) {
      connection.status = status;
      for (const listener of [...listeners]) listener(status);
    },
  };
  return connection;
};

let placed: FakeElement[] = [];
const place = (banner: HTMLElement) => void placed.push(banner as unknown as FakeElement);
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  placed = [];
  vi.stubGlobal('document', { createElement: fakeElement });
});
afterEach(() => vi.unstubAllGlobals());

describe('loadApp', () => {
  it('draws the app it could fetch, and shows no banner', async () => {
    const renderApp = vi.fn();
    await loadApp(async () => ({ renderApp }), fakeConnection('open'), place);
    expect(renderApp).toHaveBeenCalledOnce();
    expect(placed).toEqual([]);
  });

  it('shows the connection banner when the host went away before the app was fetched, and follows the status', async () => {
    const connection = fakeConnection('closed');
    const renderApp = vi.fn();
    let fetches = 0;
    const loading = loadApp(
      async () => {
        if (fetches++ === 0) throw new TypeError('Failed to fetch dynamically imported module');
        return { renderApp };
      },
      connection,
      place,
    );
    await settle();
    expect(placed).toHaveLength(1);
    const [banner] = placed;
    expect([banner!.dataset.state, banner!.textContent, banner!.hidden]).toEqual(['closed', LOST_TEXT, false]);
    connection.move('gone');
    expect([banner!.dataset.state, banner!.textContent, banner!.className, banner!.attributes.role]).toEqual([
      'gone',
      expect.stringContaining('this page can no longer reach it'),
      'banner error',
      'alert',
    ]);
    expect(renderApp).not.toHaveBeenCalled();
    // The host came back at the same address: the app is fetched again, drawn, and the banner goes.
    connection.move('open');
    await loading;
    expect(fetches).toBe(2);
    expect(renderApp).toHaveBeenCalledOnce();
    expect(banner!.removed).toBe(true);
  });
});
