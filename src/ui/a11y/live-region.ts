/**
 * The page's one polite live region (issue 42 item 1): what is said is queued and the region is written at most once
 * every GAP_MS, the sentences waiting joined in order (the oldest dropped past MAX_WAITING), so a screen reader hears
 * state changes as they come but never a sentence per frame or per status poll.
 */

/** The least time between two writes of the region [ms] */
export const GAP_MS = 1000;
/** Sentences waiting beyond this many drop the oldest */
const MAX_WAITING = 4;

export class LiveRegion {
  readonly el = document.createElement('div');
  private waiting: string[] = [];
  private lastWrite = -Infinity;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(parent: HTMLElement) {
    this.el.id = 'live-region';
    this.el.className = 'visually-hidden';
    this.el.setAttribute('data-testid', 'live-region');
    this.el.setAttribute('role', 'status');
    this.el.setAttribute('aria-live', 'polite');
    this.el.setAttribute('aria-atomic', 'true');
    parent.appendChild(this.el);
  }

  /** Says `text` soon (a sentence already waiting is not queued twice). */
  say(text: string): void {
    if (!text || this.waiting.includes(text)) return;
    this.waiting.push(text);
    if (this.waiting.length > MAX_WAITING) this.waiting.shift();
    if (this.timer !== null) return;
    this.timer = setTimeout(() => this.write(), Math.max(0, this.lastWrite + GAP_MS - performance.now()));
  }

  private write(): void {
    this.timer = null;
    this.lastWrite = performance.now();
    this.el.textContent = this.waiting.join(' ');
    this.waiting = [];
  }
}
