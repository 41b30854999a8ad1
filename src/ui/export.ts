/** Downloads built in the page: CSV, PNG and JSON as Blob URLs (nothing is sent anywhere). */

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

/**
 * One PNG with the simulation canvas on top and the charts below it. The WebGL canvas is read
 * right after a render in the same task (it is also created with preserveDrawingBuffer).
 */
export function composePng(sim: HTMLCanvasElement, charts: HTMLCanvasElement[], caption: string): Promise<Blob> {
  const pad = 12;
  const capH = 36;
  const w = Math.max(sim.width, ...charts.map((c) => c.width));
  const chartRowH = Math.max(0, ...charts.map((c) => c.height));
  const h = capH + sim.height + pad + chartRowH;
  const out = document.createElement('canvas');
  out.width = w;
  out.height = h;
  const g = out.getContext('2d')!;
  g.fillStyle = '#111722';
  g.fillRect(0, 0, w, h);
  g.fillStyle = '#e8eef8';
  g.font = '20px system-ui, sans-serif';
  g.fillText(caption, pad, 25);
  g.drawImage(sim, 0, capH);
  let x = 0;
  for (const c of charts) {
    g.drawImage(c, x, capH + sim.height + pad);
    x += c.width + pad;
  }
  return new Promise((resolve, reject) => out.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'));
}

/** Reads a user-chosen file as text (never evaluated; parsed as JSON by the worker's validator). */
export function pickTextFile(accept: string): Promise<string | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.setAttribute('data-testid', 'file-input');
    input.style.display = 'none';
    input.addEventListener('change', () => {
      const f = input.files?.[0];
      input.remove();
      if (!f) return resolve(null);
      f.text().then(resolve, () => resolve(null));
    });
    document.body.appendChild(input);
    input.click();
  });
}
