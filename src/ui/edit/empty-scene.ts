/**
 * The scene build mode's New starts from: an empty closed box of line walls, 30 cm wide and 50 cm high, under gravity —
 * a scenario file with no bodies, which the edits then fill (docs/user-guide.md#the-tools).
 */
export const EMPTY_SCENE = {
  name: 'my scene',
  description: 'An empty box to build in (build mode: draw walls, pour grains, open a gate).',
  gravity: [0, -9.81],
  // grains of a few mm dropped ~30 cm: stiff enough that they overlap by at most ~25 % of a radius. Central
  // differences at Δt = 0.05 tc (an eighth of its stability limit here): 300 grains poured and settled keep the energy
  // account within 1 % (gear5 there is 2.5 times cheaper than at its 0.02 tc but books twice the energy it should
  // as dissipated), and a few hundred grains settle in a few seconds of wall time
  material: { kn: 1e5, en: 0.5, mu: 0.5 },
  solver: { integrator: 'cdm', dtOverTc: 0.05 },
  walls: [{ type: 'box', xmin: 0, xmax: 0.3, ymin: 0, ymax: 0.5, openTop: false }],
  // a row every 50 steps (3 ms) whatever the duration: a saved file run for less by the CLI gives the same rows
  run: { duration: 5, outputEvery: 50 },
};
