/**
 * An edit refused: one line per problem, each naming the field (`wall: no wall 7; the scene has 5 walls, 0 to 4`).
 * Nothing changed: the scene is as it was before the edit was asked for.
 */
export class EditError extends Error {
  constructor(public readonly problems: string[]) {
    super(problems.join('\n'));
    this.name = 'EditError';
  }
}

/** Refuses with one problem */
export function refuse(problem: string): never {
  throw new EditError([problem]);
}

/** A number as a message quotes it: 4 significant digits */
export function num(v: number): string {
  return Number(v.toPrecision(4)).toString();
}

/** (x, y) as a message quotes it */
export function at(x: number, y: number): string {
  return `(${num(x)}, ${num(y)})`;
}
