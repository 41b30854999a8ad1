/**
 * Whether a WebGL context draws on the CPU (no GPU, or a blocked one): then drawing takes CPU from the
 * simulation, and the status line says so by the frames/s figure (status-line.ts).
 */

/** WebGL renderers that draw on the CPU: Chromium's SwiftShader, Mesa's llvmpipe and softpipe, Windows' Basic Render Driver */
const SOFTWARE_RENDERER = /swiftshader|llvmpipe|softpipe|software|basic render/i;

/** The GL's renderer: the unmasked name where the browser gives it (Chromium answers RENDERER with "WebKit WebGL") */
function rendererName(gl: WebGL2RenderingContext): string {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return `${String(gl.getParameter(gl.RENDERER))} ${info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : ''}`;
}

export function isSoftwareGl(gl: WebGL2RenderingContext): boolean {
  return SOFTWARE_RENDERER.test(rendererName(gl));
}
