/**
 * The build tools and their settings, as the toolbar's inputs set them: the pour brush (grains a dab, grains per
 * second while held, radii, the polygons' share, the brush's size), the single body placed (a disc or a regular
 * polygon, its radius), the eraser's radius and whether a box is open at the top. Lengths are shown in mm.
 */

export const TOOLS = ['segment', 'polyline', 'box', 'select', 'pour', 'place', 'erase', 'pin'] as const;
export type ToolName = (typeof TOOLS)[number];

/** Each tool's label, its key in build mode and what it does (the button's title) */
export const TOOL_INFO: Record<ToolName, { label: string; key: string; help: string }> = {
  segment: { label: 'Wall', key: '1', help: 'drag to draw a wall segment (Shift: 15° and a 5 mm grid)' },
  polyline: { label: 'Polyline', key: '2', help: 'click the corners of a funnel or a ramp; Enter or a double click ends it, Esc drops it' },
  box: { label: 'Box', key: '3', help: 'drag a box’s corners (open at the top unless unticked)' },
  select: { label: 'Select', key: '4', help: 'click a wall for its actions (a long press does too, in every tool); drag it to move it' },
  pour: { label: 'Pour', key: '5', help: 'press to pour grains in the brush; hold to go on pouring' },
  place: { label: 'Place', key: '6', help: 'click to place one body' },
  erase: { label: 'Erase', key: '7', help: 'press or drag to erase bodies (Shift: walls too)' },
  pin: { label: 'Pin', key: '8', help: 'click a body to pin it where it is; click it again to let it go' },
};

export interface ToolSettings {
  pour: { count: number; rate: number; rMinMm: number; rMaxMm: number; polygons: number; sizeMm: number };
  place: { shape: 'disc' | 'square' | 'hexagon'; rMm: number };
  erase: { radiusMm: number };
  box: { openTop: boolean };
}

export function defaultSettings(): ToolSettings {
  return {
    pour: { count: 100, rate: 400, rMinMm: 2, rMaxMm: 3, polygons: 0, sizeMm: 100 },
    place: { shape: 'disc', rMm: 5 },
    erase: { radiusMm: 10 },
    box: { openTop: true },
  };
}

interface Field { label: string; get(): number | boolean | string; set(v: string | boolean): void; kind: 'number' | 'checkbox' | 'select'; min?: number; max?: number; step?: number; choices?: string[]; testid: string }

/** The inputs of one tool's settings, in `host` (replacing what was there) */
export function showToolOptions(host: HTMLElement, tool: ToolName, s: ToolSettings): void {
  host.replaceChildren();
  for (const f of fields(tool, s)) {
    const label = document.createElement('label');
    label.textContent = `${f.label} `;
    let input: HTMLInputElement | HTMLSelectElement;
    if (f.kind === 'select') {
      input = document.createElement('select');
      for (const c of f.choices ?? []) input.add(new Option(c, c));
      input.value = String(f.get());
      input.addEventListener('change', () => f.set(input.value));
    } else {
      const i = document.createElement('input');
      i.type = f.kind;
      if (f.kind === 'checkbox') { i.checked = f.get() as boolean; i.addEventListener('change', () => f.set(i.checked)); }
      else {
        i.value = String(f.get());
        if (f.min !== undefined) i.min = String(f.min);
        if (f.max !== undefined) i.max = String(f.max);
        i.step = String(f.step ?? 'any');
        i.addEventListener('change', () => { if (i.validity.valid && i.value !== '') f.set(i.value); else i.value = String(f.get()); });
      }
      input = i;
    }
    input.dataset.testid = f.testid;
    label.appendChild(input);
    host.appendChild(label);
  }
}

function num<T extends object>(o: T, key: keyof T & string, label: string, min: number, max: number, step: number, testid: string): Field {
  return { label, kind: 'number', min, max, step, testid, get: () => o[key] as number, set: (v) => { (o[key] as number) = Number(v); } };
}

function fields(tool: ToolName, s: ToolSettings): Field[] {
  const p = s.pour;
  switch (tool) {
    case 'pour': return [
      num(p, 'count', 'grains', 1, 1_000_000, 1, 'pour-count'), num(p, 'rate', 'per s', 1, 100_000, 1, 'pour-rate'),
      num(p, 'rMinMm', 'r mm', 0.1, 1000, 0.1, 'pour-rmin'), num(p, 'rMaxMm', 'to', 0.1, 1000, 0.1, 'pour-rmax'),
      num(p, 'polygons', 'polygons', 0, 1, 0.05, 'pour-polygons'), num(p, 'sizeMm', 'brush mm', 1, 100_000, 1, 'pour-size'),
    ];
    case 'place': return [
      { label: 'shape', kind: 'select', choices: ['disc', 'square', 'hexagon'], testid: 'place-shape', get: () => s.place.shape, set: (v) => { s.place.shape = v as ToolSettings['place']['shape']; } },
      num(s.place, 'rMm', 'r mm', 0.1, 1000, 0.1, 'place-r'),
    ];
    case 'erase': return [num(s.erase, 'radiusMm', 'radius mm', 0.1, 100_000, 0.5, 'erase-radius')];
    case 'box': return [{ label: 'open top', kind: 'checkbox', testid: 'box-open-top', get: () => s.box.openTop, set: (v) => { s.box.openTop = v as boolean; } }];
    default: return [];
  }
}
