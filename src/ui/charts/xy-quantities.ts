/**
 * What the x–y chart (xy-chart.ts; issue 36 item 8, PhET's "any quantity against any other") can plot: each quantity a
 * column the run records (SERIES_COLUMNS, kept by series-store.ts) or one worked out from it row by row (t / t_c), with
 * its name and unit. The chart's pure part: a choice made valid, the axis titles, the points of a choice (the pairs
 * where both values are finite, in row order: nothing else is drawn) and what to do when there are none.
 */
import type { SeriesStore } from './series-store';

type Cols = SeriesStore['cols'];

/** What a value needs besides its row: the scene's contact duration t_c [s], and whether an overlap is an area (polygons). */
export interface XyContext {
  tc: number;
  polygons: boolean;
}

export interface XyQuantity {
  id: string;
  /** its name in the menus and on the x axis */
  label: string;
  /** its symbol, on the y axis (whose title runs along the plot's short side) */
  symbol: string;
  /** its unit ('' for a pure number) */
  unit: (ctx: XyContext) => string;
  /** its value at row k (NaN: none) */
  get: (c: Cols, k: number, ctx: XyContext) => number;
  /** what gives it values, when it has none: the empty chart says so */
  needs: string;
}

const column = (id: keyof Cols, label: string, symbol: string, unit: string, needs: string): XyQuantity => ({ id, label, symbol, unit: () => unit, get: (c, k) => c[id][k], needs });

const RUN = 'run the scene';
const LEDGER = 'the energy ledger has values for discs under a force integrator; run the scene';
const CONTACT = 'shift-click two touching bodies to select their contact';
const TRACKED = 'click a body to follow it';
const GATE = 'open a gate in build mode (a silo\'s orifice)';

/** The quantities, in the menus' order. */
export const XY_QUANTITIES: readonly XyQuantity[] = [
  column('t', 'time t', 't', 's', RUN),
  { id: 'tOverTc', label: 't / tc', symbol: 't / tc', unit: () => '', get: (c, k, ctx) => (ctx.tc > 0 ? c.t[k] / ctx.tc : NaN), needs: 'a scene with a contact duration tc' },
  column('ek', 'kinetic energy Ek', 'Ek', 'J', RUN),
  column('ekTrans', 'translational Ek', 'Ek trans', 'J', RUN),
  column('ekRot', 'rotational Ek', 'Ek rot', 'J', RUN),
  column('eElastic', 'elastic energy', 'E el', 'J', RUN),
  column('ePotential', 'potential energy', 'E pot', 'J', RUN),
  column('energySupplied', 'energy supplied', 'E in', 'J', LEDGER),
  column('dissipatedNormal', 'dissipated, normal dashpots', 'E dash n', 'J', LEDGER),
  column('dissipatedTangential', 'dissipated, tangential dashpots', 'E dash t', 'J', LEDGER),
  column('dissipatedSlip', 'dissipated by sliding', 'E slip', 'J', LEDGER),
  column('energyResidual', 'ledger residual', 'residual', 'J', LEDGER),
  column('contacts', 'contacts', 'contacts', '', RUN),
  column('maxOverlapRatio', 'largest overlap δ / radius', 'max δ / r', '', RUN),
  { id: 'contactOverlap', label: 'contact overlap δ', symbol: 'δ', unit: (ctx) => (ctx.polygons ? 'm²' : 'm'), get: (c, k) => c.contactOverlap[k], needs: CONTACT },
  column('contactFn', 'contact normal force fn', 'fn', 'N', CONTACT),
  column('contactFt', 'contact tangential force ft', 'ft', 'N', CONTACT),
  column('angleDeg', 'contact-plane angle', 'θ', '°', CONTACT),
  column('trackX', 'followed body x', 'x', 'm', TRACKED),
  column('trackY', 'followed body y', 'y', 'm', TRACKED),
  column('piston', 'piston position', 'piston', 'm', 'a scene with a piston'),
  column('meanVx', 'mean velocity ⟨vx⟩', '⟨vx⟩', 'm/s', 'a pipe scene'),
  column('flux', 'number flux', 'flux', '1/s', 'a pipe scene'),
  column('discharged', 'mass discharged', 'm out', 'kg', GATE),
  column('beverloo', "Beverloo's rate", 'W Bev', 'kg/s', GATE),
];

const BY_ID = new Map(XY_QUANTITIES.map((q) => [q.id, q]));

/** The quantity named `id`, or null. */
export function xyQuantity(id: string): XyQuantity | null {
  return BY_ID.get(id) ?? null;
}

export interface XyChoice {
  x: string;
  y: string;
}

export const DEFAULT_XY: XyChoice = { x: 't', y: 'ek' };

/** The choice with each unknown id replaced by the default's (the menus offer only known ones; a stored or typed one may not be). */
export function validChoice(x: string, y: string): XyChoice {
  return { x: BY_ID.has(x) ? x : DEFAULT_XY.x, y: BY_ID.has(y) ? y : DEFAULT_XY.y };
}

/** An axis title: the x axis's name and unit, "contact overlap δ [m]", the y axis's symbol and unit, "δ [m]"; a pure number without brackets. */
export function axisTitle(q: XyQuantity, ctx: XyContext, axis: 'x' | 'y'): string {
  const unit = q.unit(ctx), name = axis === 'x' ? q.label : q.symbol;
  return unit ? `${name} [${unit}]` : name;
}

/** The chart's points: x and y in row order, a null pair where rows without a value lie between two drawn ones. */
export interface XyPoints {
  x: (number | null)[];
  y: (number | null)[];
}

/**
 * The points of `choice` over rows [from, to): the rows where both values are finite, in row order, with a break (a
 * null pair) where rows without them were skipped (a contact that opened), so the line is lifted there and never drawn
 * through values that do not exist; none for one quantity against itself.
 */
export function xyPoints(store: SeriesStore, choice: XyChoice, from: number, to: number, ctx: XyContext): XyPoints {
  const qx = xyQuantity(choice.x), qy = xyQuantity(choice.y);
  const x: (number | null)[] = [], y: (number | null)[] = [];
  if (!qx || !qy || qx === qy) return { x, y };
  let last = -1;
  for (let k = from; k < to; k++) {
    const a = qx.get(store.cols, k, ctx), b = qy.get(store.cols, k, ctx);
    if (!Number.isFinite(a) || !Number.isFinite(b)) continue;
    if (last >= 0 && k > last + 1) { x.push(null); y.push(null); }
    x.push(a); y.push(b);
    last = k;
  }
  return { x, y };
}

/** How many points there are (breaks apart). */
export function pointCount(p: XyPoints): number {
  let n = 0;
  for (const v of p.x) if (v !== null) n++;
  return n;
}

/**
 * What the chart says when it has none of its `points` to draw over rows [from, to), or null when it has some: the same
 * quantity on both axes, or the first quantity without a value in those rows and what gives it values.
 */
export function emptyXyText(store: SeriesStore, choice: XyChoice, from: number, to: number, ctx: XyContext, points: number): string | null {
  if (choice.x === choice.y) return 'choose two different quantities';
  if (points > 0) return null;
  const qx = xyQuantity(choice.x), qy = xyQuantity(choice.y);
  if (!qx || !qy) return 'choose a quantity for each axis';
  for (const q of [qy, qx]) {
    let any = false;
    for (let k = from; k < to && !any; k++) any = Number.isFinite(q.get(store.cols, k, ctx));
    if (!any) return `no ${q.label} yet: ${q.needs}`;
  }
  return `${qy.label} and ${qx.label} have no row in common yet`;
}
