/**
 * The state of a panel that runs something long in the worker (the convergence ladder, the t_R(Δt) sweep) and its
 * progress line: the last thing it said, styled as an error after a failure; `sync` sets the panel's buttons for the
 * state.
 */
export type RunState = 'idle' | 'running' | 'done' | 'error';

export class RunProgress {
  state: RunState = 'idle';
  /** What the progress line says now */
  message = '';

  constructor(private readonly line: HTMLElement, private readonly sync: () => void) {}

  /** Into `state`, saying `text` if given, with the buttons set for it. */
  enter(state: RunState, text?: string): void {
    this.state = state;
    if (text !== undefined) this.say(text);
    this.sync();
  }

  /** The run failed: the line says why, as an error. */
  fail(message: string): void {
    this.enter('error', message);
  }

  say(text: string): void {
    this.message = text;
    this.line.textContent = text;
    this.line.classList.toggle('error', this.state === 'error');
  }
}
