/**
 * A start state that no step can make sense of is refused when the scenario loads, naming the body, instead
 * of diverging at the first step with a message that blames Δt (issue 8): two bodies overlapping deeper than
 * the divergence bound (coincident centres), a disc whose centre lies on a wall. Runs after the first force
 * evaluation, on its contacts. (Values whose energy would overflow are out of their physical ranges, refused
 * before: scenarios/physical-ranges.ts, derived-check.ts.)
 */
import type { WallSet } from '../boundaries/walls';
import { LINE } from '../boundaries/walls';
import { DISC } from '../shapes/shape-kind';
import type { BodyState } from '../state/body-state';
import type { ContactList } from '../state/contact-list';

/** Where body k came from in the scenario: `particles.k`, or the generated body's index */
function bodyName(k: number, explicit: number): string {
  return k < explicit ? `particles.${k}` : `body ${k} (made by a generator)`;
}

/** One line per problem, in the `<field>: …` form; empty when the start state is sound. */
export function startStateProblems(b: BodyState, walls: WallSet, contacts: ContactList, explicit: number, maxOverlap: number): string[] {
  const problems: string[] = [];
  let worst = -1;
  for (let c = 0; c < contacts.count; c++) if (worst < 0 || contacts.ratio[c] > contacts.ratio[worst]) worst = c;
  if (worst >= 0 && contacts.ratio[worst] > maxOverlap) {
    const i = contacts.i[worst], j = contacts.j[worst];
    const pct = (100 * contacts.ratio[worst]).toFixed(0);
    problems.push(i < 0
      ? `${bodyName(j, explicit)}: starts ${pct} % of its size inside walls.${-1 - i}; at most ${100 * maxOverlap} % is allowed — move it out`
      : `${bodyName(j, explicit)}: starts overlapping ${bodyName(i, explicit)} by ${pct} % of the smaller size${contacts.ratio[worst] >= 1.999 ? ' (the same centre)' : ''}; at most ${100 * maxOverlap} % is allowed — move them apart`);
  }
  // a disc centred on a segment has no contact normal (the collider skips it): refuse it here
  for (let w = 0; w < walls.count; w++) {
    if (walls.kind[w] === LINE) continue;
    const ax = walls.ax[w], ay = walls.ay[w], sx = walls.bx[w] - ax, sy = walls.by[w] - ay;
    for (let k = 0; k < b.n; k++) {
      if (b.shape[k] !== DISC || b.invMass[k] === 0) continue;
      let u = ((b.x[k] - ax) * sx + (b.y[k] - ay) * sy) / (sx * sx + sy * sy);
      u = u < 0 ? 0 : u > 1 ? 1 : u;
      const d = Math.sqrt((b.x[k] - ax - u * sx) ** 2 + (b.y[k] - ay - u * sy) ** 2);
      if (d < (1 - maxOverlap) * b.radius[k]) {
        problems.push(`${bodyName(k, explicit)}: its centre lies ${d === 0 ? 'on' : `${(100 * d / b.radius[k]).toFixed(0)} % of its radius from`} walls.${w}; a disc must start outside a segment wall`);
        break;
      }
    }
  }
  return problems;
}
