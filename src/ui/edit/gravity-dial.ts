/**
 * The gravity dial of build mode: an arrow in a circle that points where gravity pulls (drag it round; Shift: 15°
 * steps; the arrow keys turn it by 15° when focused) and its magnitude [m/s²] beside it. A release or a changed
 * magnitude applies one `gravity` edit; the dial follows the scene's gravity after a load or an undo.
 */
const SVG = 'http://www.w3.org/2000/svg';
const R = 16;

export class GravityDial {
  readonly root = document.createElement('span');
  private degrees = -90;
  private magnitude = 9.81;
  private readonly arrow: SVGLineElement;
  private readonly dial: SVGSVGElement;
  private readonly input = document.createElement('input');

  constructor(private readonly apply: (magnitude: number, degrees: number) => void) {
    this.root.className = 'gravity-dial';
    const label = document.createElement('span');
    label.textContent = 'g';
    this.dial = document.createElementNS(SVG, 'svg');
    this.dial.setAttribute('viewBox', `${-R - 2} ${-R - 2} ${2 * R + 4} ${2 * R + 4}`);
    this.dial.setAttribute('tabindex', '0');
    this.dial.setAttribute('role', 'slider');
    this.dial.setAttribute('aria-valuemin', '-180');
    this.dial.setAttribute('aria-valuemax', '180');
    this.dial.setAttribute('aria-label', 'gravity direction: drag round, or the arrow keys');
    this.dial.dataset.testid = 'gravity-dial';
    const ring = document.createElementNS(SVG, 'circle');
    ring.setAttribute('r', String(R));
    ring.setAttribute('class', 'gravity-ring');
    this.arrow = document.createElementNS(SVG, 'line');
    this.arrow.setAttribute('class', 'gravity-arrow');
    this.dial.append(ring, this.arrow);
    this.input.type = 'number';
    this.input.min = '0';
    this.input.max = '1000';
    this.input.step = 'any';
    this.input.title = 'gravity’s magnitude [m/s²]';
    this.input.setAttribute('aria-label', 'gravity’s magnitude in m/s²');
    this.input.dataset.testid = 'gravity-magnitude';
    this.input.addEventListener('change', () => {
      if (!this.input.validity.valid || this.input.value === '') { this.show(); return; }
      this.magnitude = Number(this.input.value);
      this.apply(this.magnitude, this.degrees);
    });
    this.root.append(label, this.dial, this.input, document.createTextNode(' m/s²'));
    this.dial.addEventListener('pointerdown', (e) => {
      this.dial.setPointerCapture(e.pointerId);
      this.turnTo(e);
    });
    this.dial.addEventListener('pointermove', (e) => { if (this.dial.hasPointerCapture(e.pointerId)) this.turnTo(e); });
    this.dial.addEventListener('pointerup', () => this.apply(this.magnitude, this.degrees));
    this.dial.addEventListener('keydown', (e) => {
      const turn = { ArrowLeft: 15, ArrowUp: 15, ArrowRight: -15, ArrowDown: -15 }[e.key];
      if (turn === undefined) return;
      e.preventDefault();
      e.stopPropagation();
      this.degrees = wrap(Math.round((this.degrees + turn) / 15) * 15);
      this.show();
      this.apply(this.magnitude, this.degrees);
    });
    this.show();
  }

  /** The dial shows gravity (gx, gy) [m/s²] */
  set(gx: number, gy: number): void {
    this.magnitude = Number(Math.hypot(gx, gy).toPrecision(6));
    if (this.magnitude > 0) this.degrees = Number(((Math.atan2(gy, gx) * 180) / Math.PI).toPrecision(6));
    this.show();
  }

  private turnTo(e: PointerEvent): void {
    const r = this.dial.getBoundingClientRect();
    const deg = (Math.atan2(-(e.clientY - r.top - r.height / 2), e.clientX - r.left - r.width / 2) * 180) / Math.PI;
    this.degrees = e.shiftKey ? wrap(Math.round(deg / 15) * 15) : Number(deg.toFixed(1));
    this.show();
  }

  private show(): void {
    const a = (this.degrees * Math.PI) / 180;
    this.arrow.setAttribute('x1', '0');
    this.arrow.setAttribute('y1', '0');
    this.arrow.setAttribute('x2', String(R * Math.cos(a)));
    this.arrow.setAttribute('y2', String(-R * Math.sin(a)));
    this.dial.setAttribute('aria-valuenow', String(this.degrees));
    this.dial.setAttribute('aria-valuetext', `${this.degrees}° from +x`);
    if (document.activeElement !== this.input) this.input.value = String(this.magnitude);
  }
}

/** An angle in (−180, 180] */
function wrap(deg: number): number {
  const w = ((deg % 360) + 360) % 360;
  return w > 180 ? w - 360 : w;
}
