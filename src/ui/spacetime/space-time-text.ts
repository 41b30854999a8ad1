/**
 * The space–time panel's words: its title (the width of a column in grain radii R₀, the mean radius of
 * the grains counted) and the line of figures under it (the density's standard deviation now and at the
 * start, the time the rows shown cover, the density waves' speed).
 */
import type { SpaceTimeInfo } from '../../protocol/api';
import { fmtNum } from '../controls/format';
import { SMOOTH_COLUMNS, SMOOTH_ROWS } from './space-time-image';

/** "space–time: grains per 2R₀ bin, time ↓" for columns of `group` bins. */
export function spaceTimeTitle(info: Pick<SpaceTimeInfo, 'binWidth' | 'grainRadius'>, group: number): string {
  const width = info.binWidth * group;
  const inRadii = width / info.grainRadius;
  const size = Number.isFinite(inRadii) && inRadii > 0 ? `${Number(inRadii.toPrecision(2))}R₀` : `${fmtNum(width)} m`;
  return `space–time: grains per ${size} bin, time ↓`;
}

/** The title's tooltip: what the picture shows, in numbers. */
export function spaceTimeHelp(info: SpaceTimeInfo, group: number, max: number): string {
  const columns = group > 1 ? `, summed ${group} to a column` : '';
  return `R₀ = ${fmtNum(info.grainRadius)} m, the mean grain radius; ${info.bins} bins of ${fmtNum(info.binWidth)} m along the pipe${columns}; `
    + `a row every ${fmtNum(info.every)} s of simulated time, the newest at the bottom; each pixel the grains per bin averaged over ${SMOOTH_COLUMNS} columns `
    + `and the ${SMOOTH_ROWS} latest rows; viridis from dark violet (no grain) to yellow = ${fmtNum(max)} grains (the densest so far)`;
}

/** The colour map's key: "0 … 5.89 grains per bin" (the picture's average counts, dark violet … yellow). */
export function spaceTimeKey(max: number): string {
  return `0 … ${fmtNum(max)} grains per bin`;
}

/**
 * "density σ = 1.17 grains per bin (at the start 0.86) · t = 0 … 5.2 s · waves −0.8 m/s"; '' before the first row;
 * the waves' speed along the pipe once it is estimated (waveSpeed).
 */
export function spaceTimeStats(sd: number, sdInitial: number, tFirst: number, tLast: number, waves = NaN): string {
  if (!Number.isFinite(sd)) return '';
  const span = Number.isFinite(tFirst) ? ` · t = ${fmtNum(tFirst)} … ${fmtNum(tLast)} s` : '';
  const speed = Number.isFinite(waves) ? ` · waves ${fmtNum(waves)} m/s` : '';
  return `density σ = ${fmtNum(sd)} grains per bin (at the start ${fmtNum(sdInitial)})${span}${speed}`;
}
