/**
 * Two tiers of the papers' experiments: CI runs each claim on the smallest Δt ladder, size and duration that
 * still tests it; `npm run validate` (VALIDATE=1) runs the full ladders the docs' tables quote, with the same
 * assertions plus those only a full ladder can make (docs/validation.md#two-tiers).
 */
export const FULL = process.env.VALIDATE === '1';

/** `ci` in CI, `full` under `npm run validate` */
export function tier<T>(ci: T, full: T): T {
  return FULL ? full : ci;
}
