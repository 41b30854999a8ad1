/** The rewind timeline as the worker reports it (SimApi.timelineInfo; src/worker/rewind.ts). */
export interface TimelineInfo {
  /** Why there is no rewind now ('' = available), e.g. while a lockstep comparison runs */
  disabled: string;
  /** Simulated time of each snapshot, oldest first [s] */
  times: Float64Array;
  /** The snapshot the world was put back to while the later ones are kept; -1 when the run is at its head */
  viewing: number;
  /** Memory the snapshots hold, the spare one included [bytes] */
  bytes: number;
  /** The snapshots' budget [bytes]; the oldest go first above it */
  budgetBytes: number;
  /** Snapshots kept at most */
  maxEntries: number;
}
