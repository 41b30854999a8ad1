/** The integrators, one row each. Adding an integrator = one file + one row here. */
import type { IntegratorId } from '../sim/params';
import { ContactDynamics } from './contact-dynamics';
import { GearIntegrator } from './gear';
import type { Integrator } from './integrator';

export const INTEGRATORS: Record<IntegratorId, { description: string; create: () => Integrator }> = {
  gear5: { description: 'Gear predictor–corrector, 5th order (paper 000 App. A)', create: () => new GearIntegrator('gear5') },
  gear4: { description: 'Gear predictor–corrector, 4th order', create: () => new GearIntegrator('gear4') },
  gear3: { description: 'Gear predictor–corrector, 3rd order', create: () => new GearIntegrator('gear3') },
  'contact-dynamics': { description: 'Contact dynamics: rigid discs, iterative constraint solver (paper 004)', create: () => new ContactDynamics() },
};
