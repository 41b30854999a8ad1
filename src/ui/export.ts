/** Downloads built in the page: CSV, PNG and JSON as Blob URLs (nothing is sent anywhere). */
import { BACKGROUND, MUTED, TEXT } from './palette';

export function download(name: string, data: Blob): void {
  const url = URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function downloadText(name: string, text: string, type: string): void {
  download(name, new Blob([text], { type }));
}

/** A chart in the exported picture: its canvas, title and the legend of its series (colour, and dash where it has one). */
export interface ChartPicture {
  canvas: HTMLCanvasElement;
  title: string;
  legend: { label: string; color: string; dash?: number[] }[];
}

/**
 * One PNG with a caption (a line each: what, which solver, which material), the simulation canvas,
 * and the charts below it, each with its title and legend. The WebGL canvas is read right after a
 * render in the same task (it is also created with preserveDrawingBuffer).
 */
export function composePng(sim: HTMLCanvasElement, charts: ChartPicture[], caption: string[]): Promise<Blob> {
  const pad = 12, line = 28, capH = pad + line * caption.length, titleH = 30, legendH = 30;
  const chartsW = charts.reduce((w, c) => w + c.canvas.width + pad, -pad);
  const w = Math.max(sim.width, chartsW, 900);
  const chartRowH = titleH + Math.max(0, ...charts.map((c) => c.canvas.height)) + legendH;
  const h = capH + sim.height + pad + chartRowH;
  const out = document.createElement('canvas');
  out.width = w;
  out.height = h;
  const g = out.getContext('2d')!;
  g.fillStyle = BACKGROUND;
  g.fillRect(0, 0, w, h);
  g.fillStyle = TEXT;
  g.font = '20px system-ui, sans-serif';
  caption.forEach((text, k) => g.fillText(text, pad, pad + line * (k + 0.75), w - 2 * pad));
  g.drawImage(sim, 0, capH);
  let x = 0;
  const top = capH + sim.height + pad;
  for (const c of charts) {
    g.fillStyle = MUTED;
    g.font = 'bold 18px system-ui, sans-serif';
    g.fillText(c.title, x + 6, top + 20, c.canvas.width - 12);
    g.drawImage(c.canvas, x, top + titleH);
    let lx = x + 6;
    const ly = top + titleH + c.canvas.height + 20;
    g.font = '16px system-ui, sans-serif';
    for (const item of c.legend) {
      // a short stretch of the line, in its colour and dash
      g.strokeStyle = item.color;
      g.lineWidth = 4;
      g.setLineDash(item.dash ?? []);
      g.beginPath();
      g.moveTo(lx, ly - 9);
      g.lineTo(lx + 22, ly - 9);
      g.stroke();
      g.setLineDash([]);
      g.fillStyle = TEXT;
      g.fillText(item.label, lx + 28, ly);
      lx += 40 + g.measureText(item.label).width;
    }
    x += c.canvas.width + pad;
  }
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

/**
 * Reads a user-chosen file as text (never evaluated; parsed as JSON by the worker's validator): null when
 * no file was chosen; rejects when the browser cannot read the chosen file.
 */
export function pickTextFile(accept: string, maxBytes: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.setAttribute('data-testid', 'file-input');
    input.style.display = 'none';
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      input.remove();
      if (!f) return resolve(null);
      // refused before reading: a 200 MB file would otherwise be read, parsed and validated first
      if (f.size > maxBytes) return reject(new Error(`it is ${(f.size / 1048576).toFixed(1)} MiB; the largest scenario file is ${maxBytes / 1048576} MiB`));
      f.text().then(resolve, (e: unknown) => reject(e instanceof Error ? e : new Error(String(e))));
    });
    // the dialog closed without a file: nothing to read, and no input left behind
    input.addEventListener('cancel', () => { input.remove(); resolve(null); });
    document.body.appendChild(input);
    input.click();
  });
}
