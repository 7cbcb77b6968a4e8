// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { shouldUseWebgl } from './renderer-choice';

/** As in renderer-choice.ts. */
const PROBE_AFTER_DRAW_CAP_MS = 3000;

/** The module afresh: it decides once per page. */
const freshLoadWebgl = async () => {
  vi.resetModules();
  return (await import('./renderer-choice')).loadWebgl;
};

/** A terminal that shows nothing yet, whose parse events the test fires. */
const fakeTerm = () => {
  const listeners = new Set<() => void>();
  const term = {
    buffer: { active: { cursorX: 0, cursorY: 0, baseY: 0 } },
    onWriteParsed: (listener: () => void) => {
      listeners.add(listener);
      return { dispose: () => listeners.delete(listener) };
    },
    loadAddon: vi.fn(),
  } as unknown as Terminal;
  return { term, parsed: () => listeners.forEach((listener) => listener()) };
};

let frames: Array<() => void> = [];
let idles: Array<() => void> = [];
const nextFrame = () => frames.splice(0).forEach((callback) => callback());
const idleNow = () => idles.splice(0).forEach((callback) => callback());
/** Lets the probe's awaits run. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** The probe's canvas: one WebGL 2 context on a software rasterizer (what this machine has). */
const canvases = vi.fn(() => ({
  getContext: () => ({
    RENDERER: 1,
    getExtension: (name: string) =>
      name === 'WEBGL_debug_renderer_info' ? { UNMASKED_RENDERER_WEBGL: 2 } : { loseContext: () => undefined },
    getParameter: () => 'Google SwiftShader',
  }),
}));

beforeEach(() => {
  vi.useFakeTimers();
  frames = [];
  idles = [];
  canvases.mockClear();
  vi.stubGlobal('requestAnimationFrame', (callback: () => void) => frames.push(callback));
  vi.stubGlobal('cancelAnimationFrame', () => (frames = []));
  vi.stubGlobal('requestIdleCallback', (callback: () => void) => idles.push(callback));
  vi.stubGlobal('document', { createElement: canvases });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('shouldUseWebgl', () => {
  it('uses WebGL on a GPU and never on a software rasterizer', () => {
    expect(shouldUseWebgl('ANGLE (NVIDIA GeForce RTX 3060)')).toBe(true);
    expect(shouldUseWebgl('Google SwiftShader')).toBe(false);
    expect(shouldUseWebgl('llvmpipe (LLVM 15.0.6, 256 bits)')).toBe(false);
    expect(shouldUseWebgl(undefined)).toBe(false);
  });
});

describe('loadWebgl', () => {
  // The page-load profile had the probe (a GL context, 15–25 ms) run in an idle moment between the
  // first prompt's parse and its frame.
  it('makes no GL context before the terminal drew its first output, even when the page is idle', async () => {
    const { term, parsed } = fakeTerm();
    const loadWebgl = await freshLoadWebgl();
    const loading = loadWebgl(term, () => false);
    await settle();
    idleNow();
    nextFrame();
    await settle();
    expect(canvases).not.toHaveBeenCalled();
    parsed();
    nextFrame();
    idleNow();
    await settle();
    expect(canvases).not.toHaveBeenCalled();
    nextFrame();
    await settle();
    expect(canvases).not.toHaveBeenCalled();
    idleNow();
    await loading;
    expect(canvases).toHaveBeenCalledOnce();
    // A software rasterizer: the DOM renderer stays.
    expect(term.loadAddon).not.toHaveBeenCalled();
  });

  it('probes after the cap for a terminal that prints nothing, and not for a terminal already gone', async () => {
    const silent = fakeTerm();
    const loadWebgl = await freshLoadWebgl();
    let gone = true;
    const loading = loadWebgl(silent.term, () => gone);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_DRAW_CAP_MS);
    idleNow();
    await loading;
    expect(canvases).not.toHaveBeenCalled();
    gone = false;
    const again = loadWebgl(silent.term, () => gone);
    await vi.advanceTimersByTimeAsync(PROBE_AFTER_DRAW_CAP_MS);
    idleNow();
    await again;
    expect(canvases).toHaveBeenCalledOnce();
  });
});
