/**
 * The space–time diagram as a PNG (paper 003 Fig. 6): one image row per sample (time downwards), one column
 * per bin along the pipe (gravity to the right); darker = more grains in the bin, black at the densest bin
 * of the whole run. Encoded by pngjs.
 */
import { PNG } from 'pngjs';

/** The PNG of rows (each `bins` counts), each sample `scale` pixels tall and each bin `scale` wide. */
export function encodeSpaceTimePng(rows: Float64Array[], bins: number, scale = 2): Buffer {
  let max = 0;
  for (const r of rows) for (let i = 0; i < bins; i++) if (r[i] > max) max = r[i];
  const png = new PNG({ width: bins * scale, height: Math.max(1, rows.length) * scale });
  const data = png.data, width = bins * scale;
  rows.forEach((r, row) => {
    for (let i = 0; i < bins; i++) {
      const grey = max > 0 ? Math.round(255 * (1 - r[i] / max)) : 255;
      for (let dy = 0; dy < scale; dy++) {
        for (let dx = 0; dx < scale; dx++) {
          const p = 4 * ((row * scale + dy) * width + i * scale + dx);
          data[p] = grey; data[p + 1] = grey; data[p + 2] = grey; data[p + 3] = 255;
        }
      }
    }
  });
  return PNG.sync.write(png, { colorType: 0 });
}
