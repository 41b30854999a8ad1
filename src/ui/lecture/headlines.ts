/**
 * The headline numbers a lesson's last frame shows large over its story (issue 36 item 2): each a function of the
 * page's own numbers (lesson-readout.ts) that a lesson declares (lessons.ts). Lines, the first the title.
 */
import { heapAngles } from '../../core/diagnostics/heap-angle';
import { VARIANT_EK_COLUMNS } from '../../protocol/api';
import { PLANE_IDS, type PlaneId } from '../../core/plane/plane-ids';
import type { StoreColumn } from '../charts/series-store';
import { PLANE_EXPLANATIONS } from '../charts/plane-definitions';
import { JUMP_DEG } from '../charts/plane-angle';
import { residualShare } from '../charts/residual-share';
import { fmtInt, fmtNum } from '../controls/format';
import { blowUpLines } from './blow-up-text';
import { contactSpan, lastValue, speedsAround, type LessonReadout } from './lesson-readout';

export type Headline = (r: LessonReadout) => string[];

/** A comparison's variant as its overrides name it ("tangential = geometric"), or "variant k". */
function variantName(r: LessonReadout, v: number): string {
  const o = r.status.comparison?.variants[v]?.overrides ?? {};
  const parts = Object.entries(o).map(([k, x]) => `${k} = ${String(x)}`);
  return parts.length ? parts.join(', ') : `variant ${v + 1}`;
}

/** The contact-time lesson: how long the collision lasted against t_c, and the restitution it gave. */
export const collisionHeadline: Headline = (r) => {
  const s = r.status, tc = s.timeScales?.tc ?? NaN;
  const span = contactSpan(r);
  if (!span) return ['A collision lasts t_c', 'no collision has ended yet'];
  const d = span.end - span.start;
  const v = speedsAround(r, span.start, span.end);
  return [
    'A collision lasts t_c',
    `the discs touched for ${fmtNum(d * 1e3)} ms = ${fmtNum(d / tc)} t_c, ${fmtInt(d / s.dt)} steps of Δt = ${fmtNum(s.dt / tc)} t_c`,
    `effective εn = ${fmtNum(-v.after / v.before)} (set: ${fmtNum(s.params?.en ?? NaN)})`,
  ];
};

/** "pile-settled" as "Pile settled" */
function sceneLabel(name: string): string {
  const t = name.replace(/-/g, ' ');
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The blow-up lesson: the measured growth factor beside the integrator's amplification factor; the parts before in a line each. */
export const growthHeadline: Headline = (r) => {
  const b = r.status.blowUp;
  if (!b) return ['Let it blow up', 'the switch is off (blowUp=1 turns it on)'];
  const [verdictLine, ...rest] = blowUpLines(b);
  return [`${sceneLabel(r.status.scenario)}: ${verdictLine}`, ...rest, ...r.earlier.map((lines) => lines[0])];
};

/** The relaxation lesson: each variant's t_R/t_c from its live fit. */
export const relaxationHeadline: Headline = (r) => {
  const vs = r.status.comparison?.variants ?? [];
  return ['Relaxation time t_R / t_c', ...vs.map((v, k) => `${variantName(r, k)}: t_R = ${fmtNum(v.relaxation?.tROverTc ?? NaN)} t_c (${fmtInt(v.relaxation?.peaks ?? 0)} peaks)`)];
};

/** The tangential-update lesson: each variant's ledger residual, against the energy supplied. */
export const ledgerHeadline: Headline = (r) => {
  const vs = r.status.comparison?.variants ?? [];
  return ['Energy nobody accounts for (the ledger’s residual)', ...vs.map((v, k) => {
    const share = residualShare(v.energyResidual, v.energySupplied);
    return `${variantName(r, k)}: ${fmtNum(v.energyResidual)} J${share ? ` = ${share} of the energy supplied` : ''}`;
  })];
};

/** The friction lesson: both flanks of the heap, fitted to its free surface, at its μ. */
export const heapHeadline: Headline = (r) => {
  const b = r.bodies();
  const h = heapAngles(b.x, b.y, b.r, b.n);
  const deg = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(1)}°` : '–');
  return [`Heap at μ = ${fmtNum(r.status.params?.mu ?? NaN)}`, `angle of repose: left flank ${deg(h.left.angle)}, right flank ${deg(h.right.angle)}`,
    `(${fmtInt(h.left.points)} and ${fmtInt(h.right.points)} surface points fitted)`];
};

/** Each definition's angle in degrees as the angle chart draws it (plane-columns.ts) */
const PLANE_DEG: Record<PlaneId, StoreColumn> = { usual: 'usualDeg', 'literal-signed': 'literalSignedDeg', 'literal-abs': 'literalAbsDeg', axial: 'axialDeg' };

/** The largest turn [°] of column `name` between rows in a row, modulo 180° (NaN: none) */
function largestTurn(r: LessonReadout, name: StoreColumn): number {
  const a = r.column(name);
  let most = NaN;
  for (let k = 1; k < r.rows; k++) {
    const d = Math.abs((((a[k] - a[k - 1]) % 180) + 270) % 180 - 90);
    if (Number.isFinite(d) && !(d <= most)) most = d;
  }
  return most;
}

/**
 * The contact-plane lesson: the jumps the chart marked on the definition in force, how far the four definitions
 * disagreed, and what each one is (one sentence each, the active one first).
 */
export const planeHeadline: Headline = (r) => {
  const active = (r.status.params?.plane ?? 'usual') as PlaneId;
  const jumps = r.column('jumpDeg');
  let marked = 0, apart = NaN;
  for (let k = 0; k < r.rows; k++) {
    if (Number.isFinite(jumps[k])) marked++;
    const deg = PLANE_IDS.map((id) => r.column(PLANE_DEG[id])[k]);
    if (!deg.every(Number.isFinite)) continue;
    for (const a of deg) for (const b of deg) { const d = Math.abs((((a - b) % 180) + 270) % 180 - 90); if (!(d <= apart)) apart = d; }
  }
  return [`The contact plane jumps (${active})`,
    `${fmtInt(marked)} jump${marked === 1 ? '' : 's'} marked: turns of more than ${JUMP_DEG}° in one sample, the largest ${fmtNum(largestTurn(r, 'angleDeg'))}°`,
    `the four definitions disagreed by up to ${fmtNum(apart)}°`,
    ...[active, ...PLANE_IDS.filter((id) => id !== active)].map((id) => PLANE_EXPLANATIONS[id])];
};

/** The soft-vs-rigid lesson: each run's kinetic energy at the end, and how far the piles parted. */
export const restHeadline: Headline = (r) => {
  const vs = r.status.comparison?.variants ?? [];
  const lines = vs.map((_, k) => `${variantName(r, k)}: Ek = ${fmtNum(lastValue(r, VARIANT_EK_COLUMNS[k]))} J at t = ${fmtNum(r.status.t)} s`);
  const parted = lastValue(r, 'divergence2');
  return ['Where the piles came to rest', ...lines, ...(Number.isFinite(parted) ? [`they parted by ${fmtNum(parted)} mean radii (RMS)`] : [])];
};

/**
 * The pipe lesson: the density waves' speed along the pipe, estimated from the space–time picture's developed half,
 * against the grains' mean velocity; then the panel's figures.
 */
export const wavesHeadline: Headline = (r) => {
  const c = r.waveSpeed, v = lastValue(r, 'meanVx');
  const way = Number.isFinite(c) && Number.isFinite(v) && c !== 0 ? (Math.sign(c) === Math.sign(v) ? ' — with the flow' : ' — against the flow: up the pipe') : '';
  return ['Density waves', Number.isFinite(c) ? `the waves travel at ${fmtNum(c)} m/s${way}` : 'not enough rows to estimate the waves’ speed',
    ...(Number.isFinite(v) ? [`the grains fall at ${fmtNum(v)} m/s`] : [])]; // the picture's figures are in its panel, below: not again (at 1280×720 they overflowed the note)
};

/** The scale lesson: how much was computed. */
export const scaleHeadline: Headline = (r) => {
  const s = r.status;
  return [`${fmtInt(s.n)} discs`, `${fmtInt(s.step)} steps to t = ${fmtNum(s.t)} s · ${fmtNum(s.particleStepsPerSec)} particle-steps/s`];
};
