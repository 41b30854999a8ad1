/**
 * A scene being edited: the world's bodies (its state now, as scenario particles) and walls (where they started,
 * with their velocity and gate name), each remembering which of the world's it was, and the gravity. The edit
 * functions change the draft; build() makes the edited world from it and carries the state over
 * (carried-state.ts): the bodies' motion, the contact histories, the walls' motion, time and work.
 */
import { LINE, type WallSet } from '../boundaries/walls';
import type { KernelPool } from '../columns/kernel-pool';
import type { ScenarioSpec } from '../scenarios/schema';
import { wallGates } from '../scenarios/wall-schema';
import { World } from '../sim/world';
import { CarriedState } from './carried-state';
import type { DraftBody, DraftWall, DraftWallSpec } from './draft-entries';
import { EditError } from './edit-error';

/** Wall w of the set where it started (at t = 0: its displacement is carried), with its velocity and gate */
function startWall(W: WallSet, w: number, gate: string | undefined): DraftWallSpec {
  const velocity = W.vx[w] || W.vy[w] ? { velocity: [W.vx[w], W.vy[w]] as [number, number] } : {};
  const named = gate === undefined ? {} : { gate };
  if (W.kind[w] === LINE) {
    return { type: 'line', point: [W.ax[w], W.ay[w]], normal: [W.nx[w], W.ny[w]], ...(W.isPiston(w) ? { piston: true } : {}), ...velocity, ...named };
  }
  return { type: 'segment', a: [W.ax[w], W.ay[w]], b: [W.bx[w], W.by[w]], ...velocity, ...named };
}

export class SceneDraft {
  readonly bodies: DraftBody[];
  readonly walls: DraftWall[];
  gravity: [number, number];
  private readonly rest: ScenarioSpec;

  constructor(readonly world: World) {
    const now = world.toSpec(), gates = wallGates(world.spec.walls);
    this.rest = now;
    this.gravity = [...now.gravity];
    this.bodies = now.particles.map((spec, k) => ({ spec, from: k, fresh: false }));
    this.walls = Array.from({ length: world.walls.count }, (_, w) => ({ spec: startWall(world.walls, w, gates[w]), from: w, fresh: false }));
  }

  /** The gate names in use, with their walls */
  gates(): Map<string, number> {
    const m = new Map<string, number>();
    this.walls.forEach((w, k) => { if (w.spec.gate !== undefined) m.set(w.spec.gate, k); });
    return m;
  }

  /** The scenario of the edited scene (explicit bodies and walls, no generators, no edits) */
  spec(): ScenarioSpec {
    return { ...this.rest, gravity: this.gravity, walls: this.walls.map((w) => w.spec), particles: this.bodies.map((b) => b.spec), generators: [], edits: [] };
  }

  /** The edited world, its state carried from the draft's world; a world the edit would make unsound is refused with the reason */
  build(pool?: KernelPool): World {
    let next: World;
    try {
      next = new World(this.spec(), pool);
    } catch (e) {
      const problems = (e as { problems?: unknown[] }).problems;
      throw new EditError(Array.isArray(problems) ? problems.map(String) : [(e as Error).message]);
    }
    next.restoreSnapshot(new CarriedState(this.world, this.bodies, this.walls));
    return next;
  }
}
