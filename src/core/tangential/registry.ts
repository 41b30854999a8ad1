/** The tangential schemes, one row each. Adding a scheme = one file + one row here. */
import type { TangentialId } from '../param-rows/param-ids';
import { cundallSpring } from './cundall';
import { geometricScheme } from './geometric';
import { geometricPaperScheme } from './geometric-paper';
import { haffWerner } from './haff-werner';
import { consistentSpring, traditionalSpring } from './gssss-spring';
import { midpointSpring } from './midpoint';
import type { TangentialScheme } from './tangential-scheme';

export const TANGENTIAL_SCHEMES: Record<TangentialId, TangentialScheme> = {
  cundall: cundallSpring,
  geometric: geometricScheme,
  'geometric-paper': geometricPaperScheme,
  traditional: traditionalSpring,
  consistent: consistentSpring,
  midpoint: midpointSpring,
  'haff-werner': haffWerner,
};
