// SPDX-License-Identifier: MIT
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_HOME, DESKTOP_CSP, createAppProtocolHandler, isAppHome, isAppUrl } from './app-protocol';

const directives = (csp: string) =>
  new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name = '', ...values]) => [name, values]),
  );

describe('desktop CSP', () => {
  const csp = directives(DESKTOP_CSP);

  it('allows no WebSocket or other network connection: the desktop page uses IPC', () => {
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    expect(DESKTOP_CSP).not.toMatch(/ws:|wss:|http:|https:|\*/);
  });

  it('denies by default and runs only our own scripts', () => {
    expect(csp.get('default-src')).toEqual(["'none'"]);
    expect(csp.get('script-src')).toEqual(["'self'"]);
    for (const name of ['object-src', 'frame-src', 'worker-src', 'base-uri', 'form-action', 'frame-ancestors']) {
      expect(csp.get(name), name).toEqual(["'none'"]);
    }
  });
});

describe('app:// origin', () => {
  it('recognises only our own origin and page', () => {
    expect(isAppUrl('app://contexterm/assets/x.js')).toBe(true);
    expect(isAppHome(APP_HOME)).toBe(true);
    expect(isAppHome('app://contexterm/')).toBe(true);
    expect(isAppHome('app://contexterm/assets/x.js')).toBe(false);
    for (const url of [
      'app://other/index.html',
      'app://u@contexterm/index.html',
      'file:///app/dist/renderer/index.html',
      'https://contexterm/index.html',
      'nonsense',
      undefined,
    ]) {
      expect(isAppUrl(url), String(url)).toBe(false);
    }
  });
});

describe('app:// protocol handler', () => {
  // Made at collection time: the it.each table below needs the outside file's path.
  const base = realpathSync(mkdtempSync(join(tmpdir(), 'contexterm-protocol-')));
  const root = join(base, 'renderer');
  const outside = join(base, 'secret.txt');
  let handle: (request: Request) => Promise<Response>;

  beforeAll(() => {
    mkdirSync(join(root, 'assets'), { recursive: true });
    writeFileSync(join(root, 'index.html'), '<!doctype html><title>t</title>');
    writeFileSync(join(root, 'assets', 'main.js'), 'export {}');
    writeFileSync(outside, 'secret');
    handle = createAppProtocolHandler(root);
  });

  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it('serves the page with the desktop CSP and a module script with its MIME type', async () => {
    const page = await handle(new Request(APP_HOME));
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(DESKTOP_CSP);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>t</title>');
    const script = await handle(new Request('app://contexterm/assets/main.js'));
    expect(script.headers.get('content-type')).toMatch(/^text\/javascript/);
  });

  it.each([
    ['a traversal', 'app://contexterm/%2e%2e/secret.txt'],
    ['an encoded slash traversal', 'app://contexterm/..%2fsecret.txt'],
    ['a backslash traversal', 'app://contexterm/..%5csecret.txt'],
    ['an absolute path smuggled in', `app://contexterm/${encodeURIComponent(outside)}`],
    ['an encoded absolute path after a slash', `app://contexterm//${outside.slice(1)}`],
    ['a NUL byte', 'app://contexterm/index.html%00.js'],
    ['another host', 'app://evil/index.html'],
    ['a missing file', 'app://contexterm/nope.js'],
  ])('refuses %s', async (_name, url) => {
    const response = await handle(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).not.toContain('secret');
  });

  it('refuses methods other than GET and HEAD', async () => {
    expect((await handle(new Request(APP_HOME, { method: 'POST', body: 'x' }))).status).toBe(405);
    expect((await handle(new Request(APP_HOME, { method: 'HEAD' }))).status).toBe(200);
  });
});
