/**
 * What the live region says about the run (issue 42 item 1): the facts a screen-reader user needs from a status —
 * running, paused, diverged, a warning, the blow-up switch's detector verdict and stop, the lesson and its claim, a
 * story's headline — and the sentences for what changed between two of them; on request, the key numbers. Pure:
 * the page's live region (live-region.ts) says them, throttled.
 */
import type { SimStatus } from '../../protocol/api';
import { fmtInt, fmtNum, fmtTime } from '../controls/format';

/** What a status and the lesson say, as far as the live region tells it. */
export interface RunFacts {
  state: 'running' | 'paused' | 'diverged';
  /** the divergence detector's message while diverged */
  divergence: string;
  /** the accuracy warning ('' none) */
  warning: string;
  /** the blow-up switch's watch: the detector's verdict passed over ('' none) and whether the blow-up stopped */
  blowUpDetector: string;
  blowUpStopped: string | null;
  /** the lesson open and what to watch now (null: free play) */
  lesson: { id: string; title: string; watch: string } | null;
  /** the story's headline lines shown (empty while it plays) */
  headline: readonly string[];
}

const BLOW_UP_REASONS: Record<string, string> = {
  growth: 'kinetic energy grew a million times',
  left: 'a body left the scene',
  steps: 'the growth went on for its whole step budget',
  'non-finite': 'a value became infinite',
};

/** The facts of status `s` with the lesson `lesson` and the story's headline `headline`. */
export function runFacts(s: SimStatus, lesson: RunFacts['lesson'], headline: readonly string[]): RunFacts {
  const diverged = s.health.status === 'diverged';
  const b = s.blowUp;
  return {
    state: diverged ? 'diverged' : s.running ? 'running' : 'paused',
    divergence: diverged ? s.health.message : '',
    warning: !diverged && s.accuracy.status === 'warning' ? s.accuracy.message : '',
    blowUpDetector: b?.detector ?? '',
    blowUpStopped: b?.state === 'stopped' ? BLOW_UP_REASONS[b.reason ?? ''] ?? 'it stopped' : null,
    lesson,
    headline,
  };
}

/** The sentences for what changed from `prev` (null: the first status) to `next`, in reading order. */
export function runChanges(prev: RunFacts | null, next: RunFacts): string[] {
  const out: string[] = [];
  if (next.lesson && (prev?.lesson?.id !== next.lesson.id)) out.push(`Lesson ${next.lesson.title}. ${next.lesson.watch}`);
  else if (next.lesson && prev?.lesson && prev.lesson.watch !== next.lesson.watch) out.push(`Next part. ${next.lesson.watch}`);
  else if (!next.lesson && prev?.lesson) out.push('Left the lesson: free play.');
  if (next.blowUpDetector && prev?.blowUpDetector !== next.blowUpDetector) {
    out.push(`Diverged: ${next.blowUpDetector} The let-it-blow-up switch runs on past the detector.`);
  }
  if (next.state !== prev?.state) {
    if (next.state === 'diverged') out.push(`Diverged: ${next.divergence || 'the simulation diverged.'} The run is paused; lower Δt/tc, then go back to the last good state.`);
    else out.push(next.state === 'running' ? 'Running.' : 'Paused.');
  }
  if (next.blowUpStopped && prev?.blowUpStopped !== next.blowUpStopped) out.push(`Diverged: the blow-up stopped, ${next.blowUpStopped}.`);
  if (next.warning && next.warning !== prev?.warning) out.push(`Warning: ${next.warning}`);
  else if (!next.warning && prev?.warning) out.push('The accuracy warning has cleared.');
  if (next.headline.length && next.headline.join('\n') !== prev?.headline.join('\n')) out.push(next.headline.join('. '));
  return out;
}

/** The key numbers, asked for by a key: t, Δt/tc, Ek, contacts, warnings and the lesson's headline number. */
export function keyNumbers(s: SimStatus, ek: number | null, facts: RunFacts): string {
  const parts = [
    `t = ${fmtTime(s.t, s.dt)} s`,
    s.params ? `Δt/tc = ${fmtNum(s.params.dtOverTc)}` : `Δt = ${fmtNum(s.dt)} s`,
    `kinetic energy ${ek === null ? 'not recorded yet' : `${fmtNum(ek)} J`}`,
    `${fmtInt(s.contacts)} contacts`,
    facts.state,
    facts.divergence ? `diverged: ${facts.divergence}` : facts.blowUpDetector ? `diverged: ${facts.blowUpDetector}`
      : facts.blowUpStopped ? `diverged: the blow-up stopped, ${facts.blowUpStopped}` : '',
    facts.warning ? `warning: ${facts.warning}` : 'no warnings',
  ];
  if (facts.headline.length) parts.push(facts.headline[0]);
  else if (facts.lesson) parts.push(`lesson ${facts.lesson.title}`);
  return `${parts.filter((p) => p).join('; ')}.`;
}
