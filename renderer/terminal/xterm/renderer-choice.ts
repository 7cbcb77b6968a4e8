// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';
import { whenDrawn } from './first-draw';

/**
 * WebGL on a software rasterizer (SwiftShader, llvmpipe) is 6–10× slower than xterm's DOM renderer
 * here (1.3–1.6 MB/s at 7 fps vs 9–16 MB/s at 45–59 fps), so WebGL is used only on real GPUs.
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|microsoft basic render|apple software/i;

const webglRendererName = (): string | undefined => {
  const canvas = document.createElement('canvas');
  const gl = canvas.getContext('webgl2');
  if (!gl) return undefined;
  try {
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  } finally {
    gl.getExtension('WEBGL_lose_context')?.loseContext();
  }
};

export const shouldUseWebgl = (rendererName: string | undefined): boolean =>
  rendererName !== undefined && !SOFTWARE_RENDERER.test(rendererName);

let webglDecision: boolean | undefined;

/** How long the probe waits for the terminal's first output to be drawn before it runs anyway. */
const PROBE_AFTER_DRAW_CAP_MS = 3000;

const idle = (): Promise<void> =>
  new Promise((resolve) =>
    typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0),
  );

const drawn = (term: Terminal): Promise<void> => new Promise((resolve) => whenDrawn(term, PROBE_AFTER_DRAW_CAP_MS, resolve));

/**
 * Draws `term` with WebGL where that is faster (decided once per page); on a lost context it falls
 * back to the DOM renderer for good rather than fight the GPU process. `gone`: the terminal was
 * disposed while the addon loaded.
 */
export const loadWebgl = async (term: Terminal, gone: () => boolean): Promise<void> => {
  // The probe makes a GL context (15–25 ms of the page's thread on this machine): not before the
  // terminal drew its first output, which the DOM renderer draws as well. An idle moment alone
  // was not enough: one came between the prompt's parse and its frame, and held the prompt back.
  if (webglDecision === undefined) {
    await drawn(term);
    await idle();
  }
  if (gone()) return;
  webglDecision ??= shouldUseWebgl(webglRendererName());
  if (!webglDecision) return;
  try {
    const { WebglAddon } = await import('@xterm/addon-webgl');
    if (gone()) return;
    const webgl = new WebglAddon();
    webgl.onContextLoss(() => webgl.dispose());
    term.loadAddon(webgl);
  } catch {
    webglDecision = false;
  }
};
