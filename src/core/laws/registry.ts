/**
 * The normal contact laws, one row each, at the index (law-ids.ts) the colliders write into the record's
 * `law` column. Adding a law = one file implementing ContactLaw + one id + one row here.
 */
import { areaLaw } from './area';
import type { ContactLaw } from './contact-law';
import { hertzLaw } from './hertz';
import { AREA, HERTZ, LINEAR } from './law-ids';
import { linearLaw } from './linear';

export const CONTACT_LAWS: readonly ContactLaw[] = [linearLaw, areaLaw, hertzLaw];
if (CONTACT_LAWS[LINEAR] !== linearLaw || CONTACT_LAWS[AREA] !== areaLaw || CONTACT_LAWS[HERTZ] !== hertzLaw) {
  throw new Error('contact laws: rows out of order with law-ids.ts');
}

