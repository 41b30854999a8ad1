/**
 * What the live region says (issue 42 item 1; src/ui/a11y/run-announcements.ts): a sentence for each change of the run
 * — running, paused, diverged with the detector's message, the blow-up switch's detector verdict and its stop, a
 * warning and its clearing, a lesson opened with its claim, a next part, a story's headline — and nothing while
 * nothing changed (the page polls ten times a second); on request the key numbers.
 */
import { describe, expect, it } from 'vitest';
import type { SimStatus } from '../../src/protocol/api';
import type { BlowUpStatus } from '../../src/protocol/blow-up';
import { keyNumbers, runChanges, runFacts, type RunFacts } from '../../src/ui/a11y/run-announcements';

function status(over: Partial<SimStatus> = {}): SimStatus {
  return {
    t: 0.0123, dt: 1e-4, running: true, contacts: 42, params: { dtOverTc: 0.02 },
    health: { status: 'ok', message: '' }, accuracy: { status: 'ok', message: '' }, blowUp: null, ...over,
  } as unknown as SimStatus;
}
const LESSON = { id: 'blow-up', title: '2 · Too large a Δt blows up', watch: 'Ek climbs as a straight line.' };

describe('the live region’s sentences', () => {
  it('the first status says the lesson and its claim, and the run state', () => {
    expect(runChanges(null, runFacts(status(), LESSON, []))).toEqual(['Lesson 2 · Too large a Δt blows up. Ek climbs as a straight line.', 'Running.']);
  });

  it('nothing while nothing changed; pause, divergence and warnings as they come and go', () => {
    const a = runFacts(status(), null, []);
    expect(runChanges(a, runFacts(status({ t: 0.5 }), null, []))).toEqual([]);
    expect(runChanges(a, runFacts(status({ running: false }), null, []))).toEqual(['Paused.']);
    const diverged = runFacts(status({ running: false, health: { status: 'diverged', message: 'Overlap above 50 %.' } } as Partial<SimStatus>), null, []);
    expect(runChanges(a, diverged)).toEqual(['Diverged: Overlap above 50 %. The run is paused; lower Δt/tc, then go back to the last good state.']);
    const warned = runFacts(status({ accuracy: { status: 'warning', message: 'energy created: 3 %' } } as Partial<SimStatus>), null, []);
    expect(runChanges(a, warned)).toEqual(['Warning: energy created: 3 %']);
    expect(runChanges(warned, a)).toEqual(['The accuracy warning has cleared.']);
  });

  it('the blow-up switch: the detector’s verdict passed over is a divergence, then its stop and the headline', () => {
    const watching = { state: 'watching', reason: null, detector: '' } as unknown as BlowUpStatus;
    const a = runFacts(status({ blowUp: watching }), LESSON, []);
    const over = runFacts(status({ blowUp: { ...watching, detector: 'Ek grew 1000× in 50 steps.' } }), LESSON, []);
    expect(runChanges(a, over)).toEqual(['Diverged: Ek grew 1000× in 50 steps. The let-it-blow-up switch runs on past the detector.']);
    const stopped = runFacts(status({ running: false, blowUp: { ...watching, state: 'stopped', reason: 'growth', detector: 'Ek grew 1000× in 50 steps.' } }), LESSON, ['ρ = 1.0663', 'agree']);
    expect(runChanges(over, stopped)).toEqual(['Paused.', 'Diverged: the blow-up stopped, kinetic energy grew a million times.', 'ρ = 1.0663. agree']);
    const next: RunFacts = { ...stopped, lesson: { ...LESSON, watch: 'A settled pile.' }, headline: [] };
    expect(runChanges(stopped, next)).toEqual(['Next part. A settled pile.']);
    expect(runChanges(next, { ...next, lesson: null })).toEqual(['Left the lesson: free play.']);
  });

  it('the key numbers: t, Δt/tc, Ek, contacts, the state, warnings, the headline', () => {
    const s = status();
    expect(keyNumbers(s, 1.5e-3, runFacts(s, LESSON, ['ρ = 1.0663 against 1.0663']))).toBe(
      't = 0.01230 s; Δt/tc = 0.02; kinetic energy 0.0015 J; 42 contacts; running; no warnings; ρ = 1.0663 against 1.0663.');
    expect(keyNumbers(s, null, runFacts(s, LESSON, []))).toBe(
      't = 0.01230 s; Δt/tc = 0.02; kinetic energy not recorded yet; 42 contacts; running; no warnings; lesson 2 · Too large a Δt blows up.');
  });
});
