/**
 * `npm run lesson-scenes`: the stored scenes the blow-up lesson starts from (issue 36), written to public/lessons/ by
 * the same core the page runs, so that no picture is faked:
 * - disc-on-floor.json: one disc resting on a floor at its static overlap mg/k_n, nudged by 1 μm/s, at Δt = 1.1 × Gear 5's
 *   limit: its one contact mode has ω = √(k_n/m), so the amplification factor is one number;
 * - pile-settled.json: the `pile` built-in's 400 discs, frictionless, settled for SETTLE_SECONDS at Δt = 0.02 t_c,
 *   quenched (run from rest to the first maximum of Ek, velocities set to zero, again: LAMMPS's quickmin) until Ek
 *   never rises above QUENCHED J, and run STILL_STEPS more from rest, so that it starts with the round-off motion
 *   of a pile at rest (started from zero velocities, Ek would grow from its first step as t² and read as a
 *   blow-up); then at t = CROSS_AT its schedule raises Δt to PILE_DT_OVER_TC.
 * - plane-jump.json (the contact-plane lesson): a square turned 45° dropped onto the corner of a fixed square; it tips
 *   off the corner, and the usual contact plane (the line through the crossing points) jumps as the crossing points
 *   change edges while the four definitions disagree by up to 75°.
 * - pipe-developed.json (the pipe lesson): the `pipe-flow` built-in run for PIPE_DEVELOP_SECONDS from its homogeneous
 *   start, the plugs formed and travelling (docs/validation.md#e10-pipe-flow), so that the space–time picture shows
 *   them from its first row rather than after seconds of a homogeneous gas.
 * Run it again after a change to the core that moves the pile; the lesson's test (test/worker/blow-up-watch.test.ts)
 * checks what the files give. `npm run lesson-scenes -- plane-jump.json` writes only the files named.
 */
import { writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { createWorld, getBuiltIn, parseScenario, type ScenarioSpec } from '../../src/core/index';
import { ROOT } from '../e2e/serve-app';

const OUT = join(ROOT, 'public', 'lessons');
const COMMAND = 'npm run lesson-scenes';

/** The pile: settling time [s] at the built-in's Δt, the quench's goal [J], its most cycles, and the steps run from rest after it */
const SETTLE_SECONDS = 3, QUENCHED = 1e-20, MAX_CYCLES = 200, STILL_STEPS = 2000;
/** The pile's story: at rest at Δt = 0.02 t_c, then at CROSS_AT [s] Δt = PILE_DT_OVER_TC */
const CROSS_AT = 0.002, PILE_DT_OVER_TC = 0.055;

function discOnFloor(): object {
  const m = 1, r = 0.05, kn = 1e5, g = 9.81;
  return {
    name: 'disc-on-floor',
    title: 'A disc resting on a floor, beyond the limit',
    description: `One disc (m = 1 kg) rests on a floor at its static overlap mg/kn; its one contact mode has ω = √(kn/m) = 316 rad/s. Δt is 1.1 × Gear 5's limit: the mode grows by the amplification factor every step. Written by ${COMMAND}.`,
    material: { kn, en: 0.5, mu: 0 },
    solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.11, rotation: false },
    gravity: [0, -g],
    particles: [{ x: 0, y: r - (m * g) / kn, r, m, vy: 1e-6 }],
    walls: [{ type: 'line', point: [0, 0], normal: [0, 1] }],
    run: { duration: 0.3, outputEvery: 1, speed: 0.05, track: [0] },
  };
}

/** Runs the world of `spec` from rest to the first maximum of Ek; returns the state there and that maximum. */
function quenchCycle(spec: ScenarioSpec): { spec: ScenarioSpec; peak: number } {
  for (const p of spec.particles) { p.vx = 0; p.vy = 0; p.omega = 0; }
  const w = createWorld(parseScenario(spec));
  let before = -1;
  for (let steps = 0; steps < 20000; steps++) {
    w.step(1);
    if (w.health.status !== 'ok') throw new Error(`the quench diverged: ${w.health.message}`);
    const e = w.diagnostics().ek;
    if (e < before) break;
    before = e;
  }
  return { spec: w.toSpec(), peak: before };
}

function pileSettled(): object {
  const start = getBuiltIn('pile');
  start.material.mu = 0;
  const w = createWorld(start);
  while (w.t < SETTLE_SECONDS) {
    w.step(1000);
    if (w.health.status !== 'ok') throw new Error(`the pile diverged while settling: ${w.health.message}`);
  }
  let spec = w.toSpec(), peak = Infinity, cycles = 0;
  for (; cycles < MAX_CYCLES && peak > QUENCHED; cycles++) ({ spec, peak } = quenchCycle(spec));
  if (peak > QUENCHED) throw new Error(`the pile did not quench below ${QUENCHED} J in ${MAX_CYCLES} cycles (Ek ${peak} J)`);
  for (const p of spec.particles) { p.vx = 0; p.vy = 0; p.omega = 0; }
  const still = createWorld(parseScenario(spec));
  still.step(STILL_STEPS);
  const rest = still.toSpec();
  console.log(`pile: settled ${SETTLE_SECONDS} s, ${cycles} quench cycles (Ek peak ${peak.toExponential(2)} J), Ek at rest ${still.diagnostics().ek.toExponential(2)} J`);
  return {
    ...rest,
    name: 'pile-settled',
    title: 'A settled pile crosses its limit',
    description: `The pile's 400 discs (frictionless) at rest in the box, settled and quenched by the same core (${COMMAND}); at t = ${CROSS_AT} s Δt rises from 0.02 to ${PILE_DT_OVER_TC} tc — below a single contact's limit, above that of the pile's stiffest mode.`,
    solver: { ...rest.solver, dtOverTc: 0.02 },
    run: { duration: 0.05, outputEvery: 1, speed: 0.005, schedule: [{ at: CROSS_AT, set: { dtOverTc: PILE_DT_OVER_TC } }] },
  };
}

/** The pipe: seconds of flow before the state is stored (the density waves form within the first 2 s) */
const PIPE_DEVELOP_SECONDS = 4;

function pipeDeveloped(): object {
  const w = createWorld(getBuiltIn('pipe-flow'));
  while (w.t < PIPE_DEVELOP_SECONDS - 1e-9) {
    w.step(1000);
    if (w.health.status !== 'ok') throw new Error(`the pipe diverged while developing: ${w.health.message}`);
  }
  const spec = w.toSpec();
  console.log(`pipe: ${PIPE_DEVELOP_SECONDS} s of flow, ⟨vx⟩ ${w.diagnostics().meanVx.toFixed(3)} m/s, density σ ${w.spaceTime?.sd.toFixed(3)} grains per bin`);
  return {
    ...spec,
    name: 'pipe-developed',
    title: 'Pipe flow, developed: density waves (paper 003 Fig. 6)',
    description: `${spec.description} The flow has run ${PIPE_DEVELOP_SECONDS} s from its homogeneous start (the pipe-flow built-in, by the same core: ${COMMAND}): the plugs have formed.`,
    run: { ...spec.run, duration: 4 },
  };
}

function planeJump(): object {
  const h = 0.05, square = [[-h, -h], [h, -h], [h, h], [-h, h]];
  return {
    name: 'plane-jump',
    title: 'A square tips off a corner: the contact plane jumps',
    description: `A square turned 45° drops onto the corner of a fixed square and tips off it (μ = 0.3). The contact is selected: the plane chart draws the usual definition (the line through the crossing points) thick and the three others thin. Written by ${COMMAND}.`,
    material: { kn: 1e6, en: 0.5, mu: 0.3, density: 1000 },
    solver: { integrator: 'gear5', tangential: 'cundall', dtOverTc: 0.02, plane: 'usual' },
    gravity: [0, -9.81],
    particles: [{ x: 0, y: 0, vertices: square, fixed: true }, { x: 0.045, y: h + h * Math.SQRT2 + 0.002, theta: 0.785, vertices: square }],
    run: { duration: 1, outputEvery: 20, speed: 0.25, track: [1], selectContact: [0, 1] },
  };
}

/** The scenes by file; each built only when written */
const SCENES: Record<string, () => object> = { 'disc-on-floor.json': discOnFloor, 'pile-settled.json': pileSettled, 'plane-jump.json': planeJump, 'pipe-developed.json': pipeDeveloped };
const only = process.argv.slice(2);

mkdirSync(OUT, { recursive: true });
for (const [file, build] of Object.entries(SCENES).filter(([f]) => only.length === 0 || only.includes(f))) {
  const scene = build();
  parseScenario(scene); // refused here, not in the page
  writeFileSync(join(OUT, file), JSON.stringify(scene) + '\n');
  console.log(`${file} written`);
}
