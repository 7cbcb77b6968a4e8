// SPDX-License-Identifier: MIT
import type { Terminal } from '@xterm/xterm';

/**
 * WebGL on a software rasterizer (SwiftShader, llvmpipe) is 6–10× slower than xterm's DOM renderer
 * here (1.3–1.6 MB/s at 7 fps vs 9–16 MB/s at 45–59 fps), so WebGL is used only on real GPUs.
 */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|microsoft basic render|apple software/i;

export const webglRendererName = (): string | undefined => {
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

const idle = (): Promise<void> =>
  new Promise((resolve) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(() => resolve(), { timeout: 1000 }) : setTimeout(resolve, 0)));

/**
 * Draws `term` with WebGL where that is faster (decided once per page); on a lost context it falls
 * back to the DOM renderer for good rather than fight the GPU process. `gone`: the terminal was
 * disposed while the addon loaded.
 */
export const loadWebgl = async (term: Terminal, gone: () => boolean): Promise<void> => {
  // The probe makes a GL context (~15 ms in a page load's profile): not before the terminal's
  // first frames, which the DOM renderer draws as well.
  if (webglDecision === undefined) await idle();
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
