/**
 * The status line (#status: run state, t, step, playback speed, Δt, steps/s, particles, contacts, contact
 * dynamics' sweeps, frames/s) and the accuracy warning under it. While the worker builds a (possibly large)
 * scene, the state says what is loading, with the seconds so far: the page stays live, only the worker is busy.
 */
import type { SimStatus } from '../protocol/api';
import { fmtInt, fmtNum, fmtTime, hertzNote } from './controls/format';
import { $, setText } from './dom';

const SOFTWARE_GL_TITLE = 'This browser draws without a GPU, on the cores the simulation needs: a lower "max frames/s" gives the simulation more of them.';
const IDLE_TITLE = 'Paused and unchanged: the picture is redrawn once a second until something changes (input, a step, the run).';

export class StatusLine {
  private readonly st = {
    t: $('st-t'), step: $('st-step'), speed: $('st-speed'), dt: $('st-dt'), sps: $('st-sps'), n: $('st-n'), c: $('st-c'), fps: $('st-fps'), state: $('st-state'),
    sweeps: $('st-sweeps'),
  };
  private readonly accuracy = $('accuracy');

  /** `softwareGl`: the browser draws without a GPU (said on the frames/s figure) */
  constructor(private readonly softwareGl: boolean) {}

  /** Shows status `s`; `cd`: its solver is contact dynamics; `fps` and `idle`: how the page draws. */
  show(s: SimStatus, cd: boolean, fps: number, idle: boolean): void {
    const st = this.st;
    setText(st.t, `t = ${fmtTime(s.t, s.dt)} s`);
    setText(st.step, `step ${fmtInt(s.step)}`);
    setText(st.speed, s.speed > 0 ? `×${fmtNum(s.speed)} real time` : 'max speed');
    setText(st.dt, cd ? `Δt = ${fmtNum(s.dt)} s` : `Δt/tc = ${fmtNum(s.params?.dtOverTc ?? NaN)}${hertzNote(s.timeScales?.hertzSpeed)}`);
    st.sweeps.hidden = !cd;
    if (cd && s.params) {
      const tol = s.params.tolerance > 0 ? ` (tolerance ${fmtNum(s.params.tolerance)})` : '';
      setText(st.sweeps, `${fmtInt(s.sweeps)}/${fmtInt(s.params.iterations)} sweeps${tol}`);
      st.sweeps.title = 'contact dynamics: solver sweeps done in the last step / N_I';
    }
    setText(st.sps, `${fmtInt(s.stepsPerSec)} steps/s${s.threads > 1 ? ` · ${s.threads} threads` : ''}${s.kernels === 'WebAssembly' ? ' · wasm' : ''}`);
    st.sps.title = `${s.threads > 1 ? `the disc pass on a pool of ${s.threads} threads; ` : ''}the loops run in ${s.kernels}`;
    setText(st.n, `${fmtInt(s.n)} particles`);
    setText(st.c, `${fmtInt(s.contacts)} contacts`);
    setText(st.fps, `${Math.round(fps)} frames/s${idle ? ' · idle' : this.softwareGl ? ' · software WebGL' : ''}`);
    st.fps.title = idle ? IDLE_TITLE : this.softwareGl ? SOFTWARE_GL_TITLE : '';
    const diverged = s.health.status === 'diverged';
    const inaccurate = !diverged && s.accuracy.status === 'warning';
    setText(st.state, diverged ? 'DIVERGED' : `${s.running ? 'running' : 'paused'}${inaccurate ? ' · inaccurate' : ''}`);
    st.state.className = diverged ? 'state diverged' : inaccurate ? 'state warning' : s.running ? 'state running' : 'state paused';
    this.accuracy.hidden = !inaccurate;
    if (inaccurate) setText(this.accuracy, `⚠ ${s.accuracy.message}`);
  }

  /** Says "loading `what`…" (with the seconds after the first) until `work` settles; returns its result. */
  async loading<T>(what: string, work: Promise<T>): Promise<T> {
    const t0 = performance.now();
    const show = () => {
      const sec = (performance.now() - t0) / 1000;
      setText(this.st.state, `loading ${what}…${sec >= 1 ? ` ${Math.floor(sec)} s` : ''}`);
      this.st.state.className = 'state paused';
    };
    show();
    const timer = setInterval(show, 250);
    try {
      return await work;
    } finally {
      clearInterval(timer);
    }
  }
}
