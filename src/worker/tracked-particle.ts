/**
 * Which particle the position chart follows: the one the user clicked (selected) if any, otherwise the
 * scenario's first tracked particle (run.track[0]; cd-chain tracks its last disc), otherwise none.
 */
export function trackedParticle(
  selected: number, scenarioTrack: readonly number[] | undefined, n: number,
): { tracked: number; trackedBy: 'selection' | 'scenario' | 'none' } {
  if (Number.isInteger(selected) && selected >= 0 && selected < n) return { tracked: selected, trackedBy: 'selection' };
  const first = scenarioTrack?.[0];
  if (first !== undefined && Number.isInteger(first) && first >= 0 && first < n) return { tracked: first, trackedBy: 'scenario' };
  return { tracked: -1, trackedBy: 'none' };
}
