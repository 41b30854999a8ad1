/** The normal contact laws, one row each. Adding a law = one file implementing ContactLaw + one row here. */
import type { ContactLaw } from './contact-law';
import { linearLaw } from './linear';

export const CONTACT_LAWS = {
  linear: linearLaw,
} as const satisfies Record<string, ContactLaw>;

export type ContactLawId = keyof typeof CONTACT_LAWS;
