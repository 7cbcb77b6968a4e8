// SPDX-License-Identifier: MIT

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
