/**
 * The space–time diagram as a PNG (paper 003 Fig. 6): one image row per sample (time downwards), one column
 * per bin along the pipe (gravity to the right); darker = more grains in the bin, black at the densest bin
 * of the whole run. Encoded by pngjs.
 */
import { writeFileSync } from 'node:fs';
import { PNG } from 'pngjs';

/** Writes rows (each `bins` counts) to `path`, each sample `scale` pixels tall and each bin `scale` wide. */
export function writeSpaceTimePng(path: string, rows: Float64Array[], bins: number, scale = 2): void {
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
  writeFileSync(path, PNG.sync.write(png, { colorType: 0 }));
}
