/**
 * The panel's controller of each row of the parameter table (core/config/param-table.ts), by its kind: a dropdown
 * for a choice, a switch for a boolean, a slider for a number (over log10 of the value where the row says `log`,
 * its label then showing the value; μ's leftmost notch is exactly 0), each number with its typed entry checked
 * against the row's allowed range. Every controller gets a stable data-testid="gui-<name>".
 */
import type GUI from 'lil-gui';
import type { Controller } from 'lil-gui';
import { checkParam } from '../../core/config/param-check';
import { PARAMS, type ParamName } from '../../core/config/param-table';
import type { NumericParamInfo } from '../../core/param-rows/param-info';
import { attachExactEntry, type ExactEntry } from './exact-entry';
import { fmtNum } from './format';
import { paramUnit } from './solver-kind';

export function tag(c: Controller, id: string): Controller {
  c.domElement.setAttribute('data-testid', `gui-${id}`);
  return c;
}

interface LogSlider { set(v: number): void; ctrl: Controller }

export class ParamControls {
  /** each row's controller, by name */
  readonly ctrls = new Map<string, Controller>();
  private readonly logSliders = new Map<string, LogSlider>();
  /** typed entries of the numeric parameters */
  private readonly entries = new Map<ParamName, ExactEntry>();

  /**
   * `model`: lil-gui's object the controllers edit; `values`: the worker's parameters as shown (the normal law sets
   * kn's unit); `send` a change, `refused` a typed value out of range; while `quiet()` a change is only shown.
   */
  constructor(
    private readonly model: Record<string, unknown>,
    private readonly values: Record<string, unknown>,
    private readonly send: (name: ParamName, value: unknown) => void,
    private readonly refused: (message: string) => void,
    private readonly quiet: () => boolean,
  ) {}

  /** A controller chosen by the parameter's kind in PARAMS. */
  generic(folder: GUI, name: ParamName): void {
    const info = PARAMS[name] as { kind: string };
    if (info.kind === 'choice') this.choice(folder, name);
    else if (info.kind === 'boolean') this.bool(folder, name);
    else if ((PARAMS[name] as NumericParamInfo).log) this.logSlider(folder, name);
    else {
      const n = PARAMS[name] as NumericParamInfo;
      this.linear(folder, name, (n.sliderMax - n.sliderMin) / 200);
    }
  }

  private info(name: ParamName): NumericParamInfo {
    return PARAMS[name] as NumericParamInfo;
  }

  choice(folder: GUI, name: ParamName): Controller {
    const info = PARAMS[name];
    if (info.kind !== 'choice') throw new Error(name);
    this.model[name] = info.options[0];
    const c = tag(folder.add(this.model, name, info.options as unknown as string[]).name(info.label), name)
      .onChange((v: string) => { if (!this.quiet()) this.send(name, v); });
    c.domElement.title = info.help;
    this.ctrls.set(name, c);
    return c;
  }

  bool(folder: GUI, name: ParamName): Controller {
    const info = PARAMS[name];
    this.model[name] = false;
    const c = tag(folder.add(this.model, name).name(info.label), name)
      .onChange((v: boolean) => { if (!this.quiet()) this.send(name, v); });
    c.domElement.title = info.help;
    this.ctrls.set(name, c);
    return c;
  }

  linear(folder: GUI, name: ParamName, step: number): Controller {
    const info = this.info(name);
    this.model[name] = info.sliderMin;
    const c = tag(folder.add(this.model, name, info.sliderMin, info.sliderMax, step).name(this.label(name)), name)
      .onChange((v: number) => { if (!this.quiet()) this.send(name, v); });
    c.domElement.title = `${info.help} (allowed ${info.min} to ${info.max})`;
    this.ctrls.set(name, c);
    this.exact(c, name);
    return c;
  }

  /** The typed entry of a numeric parameter: exact values within the allowed (not the slider's) range. */
  private exact(c: Controller, name: ParamName): void {
    const rules = { parse: (text: string) => checkParam(name, text) as number };
    this.entries.set(name, attachExactEntry(c, name, rules, (v) => this.send(name, v), this.refused));
  }

  /** The unit a numeric parameter is shown in under the chosen law (the Hertz law reads kn as k_N in N/m^1.5, paper 003 Eq. 18). */
  private unit(name: ParamName): string {
    return paramUnit(name, this.values.normalLaw as string | undefined);
  }

  private label(name: ParamName, v?: unknown): string {
    const info = PARAMS[name];
    const unit = this.unit(name) ? ` ${this.unit(name)}` : '';
    return v === undefined ? `${info.label}${unit ? ` [${unit.trim()}]` : ''}` : `${info.label} = ${fmtNum(Number(v))}${unit}`;
  }

  logSlider(folder: GUI, name: ParamName): void {
    const info = this.info(name);
    const lo = Math.log10(info.sliderMin), hi = Math.log10(info.sliderMax);
    const zeroOk = info.min === 0;
    const span = hi - lo;
    const min = zeroOk ? lo - span * 0.05 : lo;
    const key = `${name}Log`;
    this.model[key] = lo;
    // named at once: until the first status (a 100,000-disc silo loads for seconds) lil-gui would show the key 'knLog'
    const c = tag(folder.add(this.model, key, min, hi, span / 500).name(this.label(name)), name);
    c.domElement.classList.add('log-slider');
    c.domElement.title = `${info.help} (log slider; allowed ${info.min} to ${info.max})`;
    const toValue = (e: number) => {
      if (zeroOk && e < lo - span * 0.025) return 0;
      const v = Number((10 ** e).toPrecision(3));
      return info.integer ? Math.min(info.max, Math.max(info.min, Math.round(v))) : v;
    };
    c.onChange((e: number) => {
      const v = toValue(e);
      c.name(this.label(name, v));
      if (!this.quiet()) this.send(name, v);
    });
    const set = (v: number) => {
      this.model[key] = v > 0 ? Math.min(hi, Math.max(min, Math.log10(v))) : min;
      c.name(this.label(name, v));
      c.updateDisplay();
    };
    this.logSliders.set(name, { set, ctrl: c });
    this.ctrls.set(name, c);
    this.exact(c, name);
  }

  /** Shows the worker's value of a row (its slider, dropdown or switch, and its typed entry) without sending it. */
  show(name: ParamName, v: unknown): void {
    this.entries.get(name)?.set(Number(v));
    const ls = this.logSliders.get(name);
    if (ls) { ls.set(Number(v)); return; }
    const c = this.ctrls.get(name);
    if (!c) return;
    this.model[name] = v;
    if (PARAMS[name].kind === 'number') c.name(this.label(name, v));
    c.updateDisplay();
  }
}
