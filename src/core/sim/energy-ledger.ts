/**
 * One world's energy account (docs/model.md#diagnostics-and-the-divergence-detector, the energy ledger): the
 * bodies' energies, the work done on them from outside (walls, pistons, prescribed bodies, the periodic seam, the
 * hand), what the dashpots and Coulomb sliding dissipated since the last baseline, and the baselines the divergence
 * bound and the ledger's residual are measured from.
 */
import type { PeriodicX } from '../boundaries/periodic';
import type { WallSet } from '../boundaries/walls';
import { ELASTIC } from '../contacts/disc-force-pass';
import { bodyEnergies, elasticEnergy, type BodyEnergies, type ElasticParts } from '../diagnostics/energy';
import type { Integrator } from '../integrators/integrator';
import { CONTACT_LAWS } from '../laws/registry';
import type { PoolContext } from '../columns/pool-context';
import type { BodyState } from '../state/body-state';
import { AI, AJ, ContactKinematics, DELTA, TW, XI, XJ, YI, YJ } from '../tangential/contact-kinematics';
import { evaluatesAtEnd } from '../tangential/tangential-scheme';
import type { WasmKernels } from '../wasm/kernels';
import { DISSIPATED_NORMAL, DISSIPATED_SLIP, DISSIPATED_TANGENTIAL, type ForcePipeline } from './force-pipeline';
import type { Diagnostics } from './world-types';

/** The energies in the diagnostics (world-types.ts, Diagnostics: the same fields) */
export type EnergyReadout = Pick<Diagnostics, 'ekTrans' | 'ekRot' | 'ek' | 'eElastic' | 'eElasticNormal' | 'eElasticTangential' | 'ekWalls' | 'ePotential' | 'workIn' | 'workHand'>;

/** The ledger's part of the diagnostics */
export type LedgerReport = Pick<Diagnostics, 'dissipatedNormal' | 'dissipatedTangential' | 'dissipatedSlip' | 'energyResidual' | 'energySupplied'>;

export class EnergyLedger {
  /** The bodies' kinetic and potential energies at the last measurement (reused) */
  readonly energies: BodyEnergies = { ekTrans: 0, ekRot: 0, ePotential: 0, finite: true, maxSpeedOverRadius: 0 };
  /** Work done on the particles from outside since the start [J] */
  workIn = 0;
  /** the hand's part of workIn */
  workHand = 0;
  /** Energy the normal dashpots have dissipated since the last energy baseline [J] */
  dissipatedNormal = 0;
  /** The same for the tangential dashpots and for Coulomb sliding (contacts/coulomb-cap.ts) [J] */
  private dissipatedTangential = 0;
  private dissipatedSlip = 0;
  /** Kinetic + approximate elastic + potential energy − work in at the last baseline: the divergence bound's zero [J] */
  private energyBaseline = 0;
  /** What rounding may add to the account (the checks' allowance) [J] */
  epsilon = 0;
  /** Ek + elastic + potential − work in at the last energy baseline, exact (the ledger's zero) [J] */
  private ledgerBaseline = 0;
  /** the elastic energy's normal and tangential parts, filled by readout() (reused) */
  private readonly elasticParts: ElasticParts = { normal: 0, tangential: 0 };
  private readonly committedGeometry = new ContactKinematics();

  constructor(
    private readonly bodies: BodyState, private readonly walls: WallSet, private readonly periodic: PeriodicX,
    private readonly pipeline: ForcePipeline,
  ) {}

  /** Measures the bodies' energies now (energies) */
  measure(gx: number, gy: number, pool: PoolContext | null, wasm: WasmKernels | null): BodyEnergies {
    bodyEnergies(this.bodies, gx, gy, this.energies, pool, wasm);
    return this.energies;
  }

  /** Kinetic + potential energy of the bodies now (a drag's change of it is the hand's work). */
  kineticAndPotential(gx: number, gy: number, pool: PoolContext | null, wasm: WasmKernels | null): number {
    const e = this.measure(gx, gy, pool, wasm);
    return e.ekTrans + e.ekRot + e.ePotential;
  }

  /** The hand's work on the bodies (a drag, a release) [J] */
  handWork(work: number): void {
    this.workIn += work;
    this.workHand += work;
  }

  /** A step's work from walls (wallPower) and from prescribed [0] and held [1] bodies (drivenPower) [W] over dt */
  stepWork(wallPower: number, drivenPower: Float64Array, dt: number): void {
    const hand = drivenPower[1] * dt;
    this.workIn += (wallPower + drivenPower[0]) * dt + hand;
    this.workHand += hand;
  }

  /** A force evaluation's dissipated power (ForcePipeline.power) over dt */
  dissipate(power: Float64Array, dt: number): void {
    this.dissipatedNormal += power[DISSIPATED_NORMAL] * dt;
    this.dissipatedTangential += power[DISSIPATED_TANGENTIAL] * dt;
    this.dissipatedSlip += power[DISSIPATED_SLIP] * dt;
  }

  /** Kinetic (bodies and walls) + approximate elastic energy: the divergence bound's measure [J] */
  mechanical(integrator: Integrator, t: number): number {
    const e = this.energies;
    return e.ekTrans + e.ekRot + this.walls.kineticEnergy() + this.approxElastic(integrator, t);
  }

  /** The same with the exact elastic energy of the committed state [J] */
  exactMechanical(): number {
    const e = this.energies, p = this.pipeline;
    return e.ekTrans + e.ekRot + this.walls.kineticEnergy()
      + elasticEnergy(this.bodies, p.search.pairs, this.walls, this.periodic, p.record, p.material);
  }

  /** The energy available to the bodies since the baseline: what came in, less what the potential took [J] */
  available(): number {
    return Math.max(0, this.energyBaseline - this.energies.ePotential + this.workIn);
  }

  /**
   * Elastic energy of the current contacts, used only for the divergence bound. Overlaps are those of
   * the evaluation configuration (cheap), which is the committed state for central difference and close
   * to it for Gear; GSSSS members with q̃ ≠ q_{n+1} (e.g. V0(1,1,0): q̃ = q_n + ½Δt v_n) re-measure them at
   * the committed state, since a spring at q̃ paired with v_{n+1} misstates the energy by O(ωΔt).
   * Rigid discs (contact dynamics) store no elastic energy. Polygon contacts are estimated (below).
   */
  private approxElastic(integrator: Integrator, t: number): number {
    if (integrator.kind === 'impulse') return 0;
    const c = this.pipeline.record, m = this.pipeline.material, kt = m.kt, b = this.bodies;
    const remeasure = integrator.markers !== null && !evaluatesAtEnd(integrator.markers);
    const lean = this.pipeline.leanRecord;
    if ((lean || this.pipeline.elasticSummed) && !remeasure) return this.pipeline.passSums[ELASTIC]; // a fused pass summed it
    let e = 0;
    for (let k = 0; k < c.count; k++) {
      const law = CONTACT_LAWS[c.law[k]];
      if (law.energy) {
        let d = c.delta[k];
        if (remeasure) {
          const i = c.i[k], j = c.j[k], io = this.committedGeometry.io;
          io[XI] = i >= 0 ? b.x[i] : 0; io[YI] = i >= 0 ? b.y[i] : 0; io[AI] = i >= 0 ? b.radius[i] : 0;
          io[XJ] = b.x[j]; io[YJ] = b.y[j]; io[AJ] = b.radius[j]; io[TW] = t;
          this.committedGeometry.geometry(this.walls, this.periodic, i);
          d = Math.max(io[DELTA], -m.range); // a gap beyond the law's range stores nothing
        }
        e += law.energy(d, c.lc[k], m, c.rin[k], -c.rjn[k]); // a disc's lever arms are its radius (a wall's 0)
      } else {
        // no closed form (the area law): ½ f_e d with d the overlap's mean depth, exact for an edge contact
        // (a linear spring), an estimate for a corner: enough for the divergence budget
        e += 0.5 * c.fe[k] * c.depth[k];
      }
      // the contact's k_t (a law may set its own per contact: Hertz–Mindlin), but in a lean record (the fused pass, the linear law's m.kt)
      const ktk = lean ? kt : c.kt[k];
      e += 0.5 * ktk * c.xi[k] * c.xi[k];
    }
    return e;
  }

  /**
   * The account starts again from the committed state: the divergence bound and the dissipation tally (after a
   * restart, a state put back, and after any parameter change).
   */
  baseline(integrator: Integrator, gx: number, gy: number, t: number, pool: PoolContext | null, wasm: WasmKernels | null, restored = false): void {
    const e = this.measure(gx, gy, pool, wasm), m = this.pipeline.material;
    // `restored` (a state put back: an edit's carried state, a snapshot): the exact elastic energy, as the record's
    // overlaps are not that state's until the next force pass — a settled pile's elastic energy, under-counted in the
    // baseline, read as energy made ("Energy not accounted for" right after an edit); rigid discs store none
    const eMech = restored && integrator.kind !== 'impulse' ? this.exactMechanical() : this.mechanical(integrator, t);
    this.energyBaseline = eMech + e.ePotential - this.workIn;
    this.dissipatedNormal = 0;
    this.dissipatedTangential = 0;
    this.dissipatedSlip = 0;
    this.ledgerBaseline = this.total(integrator);
    const b = this.bodies;
    let rMin = Infinity, scale = 0;
    for (let k = 0; k < b.n; k++) rMin = Math.min(rMin, b.radius[k]);
    scale = b.n * m.kn * (rMin === Infinity ? 1 : rMin * rMin);
    this.epsilon = 1e-12 * (Math.abs(eMech) + Math.abs(e.ePotential) + scale);
  }

  /** Ek + kinetic energy of the walls + exact elastic + potential − work done from outside [J] */
  private total(integrator: Integrator): number {
    const e = this.energies, p = this.pipeline;
    const elastic = integrator.kind === 'impulse' ? 0
      : elasticEnergy(this.bodies, p.search.pairs, this.walls, this.periodic, p.record, p.material);
    return e.ekTrans + e.ekRot + this.walls.kineticEnergy() + elastic + e.ePotential - this.workIn;
  }

  /** The energies now, with the exact elastic energy of the committed state (0 for rigid discs), and the work done from outside */
  readout(integrator: Integrator): EnergyReadout {
    const e = this.energies, parts = this.elasticParts, p = this.pipeline;
    parts.normal = 0; parts.tangential = 0;
    const eElastic = integrator.kind === 'impulse'
      ? 0
      : elasticEnergy(this.bodies, p.search.pairs, this.walls, this.periodic, p.record, p.material, parts);
    return {
      ekTrans: e.ekTrans, ekRot: e.ekRot, ek: e.ekTrans + e.ekRot, eElastic,
      eElasticNormal: parts.normal, eElasticTangential: parts.tangential, ekWalls: this.walls.kineticEnergy(), ePotential: e.ePotential,
      workIn: this.workIn, workHand: this.workHand,
    };
  }

  /**
   * The energy ledger since the last baseline (a restart or a parameter change): what the dashpots and
   * Coulomb sliding dissipated, and the residual — the energy change the account does not explain, i.e.
   * energy the integration or the spring update created (> 0) or destroyed. NaN where no exact elastic
   * energy exists (`exact` false: polygons, contact dynamics). `now`: the readout of the same state.
   */
  report(now: EnergyReadout, exact: boolean): LedgerReport {
    const e = this.energies;
    const residual = e.ekTrans + e.ekRot + now.ekWalls + now.eElastic + e.ePotential - this.workIn - this.ledgerBaseline
      + this.dissipatedNormal + this.dissipatedTangential + this.dissipatedSlip;
    return {
      dissipatedNormal: exact ? this.dissipatedNormal : NaN, dissipatedTangential: exact ? this.dissipatedTangential : NaN,
      dissipatedSlip: exact ? this.dissipatedSlip : NaN, energyResidual: exact ? residual : NaN,
      energySupplied: exact ? this.ledgerBaseline + this.workIn : NaN,
    };
  }
}
