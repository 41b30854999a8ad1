/**
 * A normal contact law as one complete declaration (docs/extending.md#a-contact-law, the LAMMPS GRANULAR
 * sub-model idea: each declares its coefficients, history size, beyond-contact range and critical force): one file
 * per law that says what it reads, the history slots it keeps, its critical force for the Coulomb cap, its energy,
 * its interaction range and own force constants (from its coefficients), its LAMMPS counterpart and — for a law the `normalLaw` parameter chooses — its
 * parameters, damping, time scale, linear stiffness, the scenes it serves and its text for the page. Nothing
 * outside the law's file asks which law it is. The collider of a contact writes which law acts on it (the
 * record's `law` column); each law runs once per stage over the record and handles its own contacts (batched,
 * monomorphic loops). The scalar kernels serve the per-contact paths (the stored spring's cap at t_{n+1}) and
 * the energy diagnostics.
 */
import type { ParamInfo, ParamValues } from '../param-rows/param-info';
import type { ContactList } from '../state/contact-list';
import type { HistorySlot } from '../state/history-slots';
import type { LawCoefficients, MaterialCoefficients } from './material';

/** A law's own rows of the live-parameter table (config/param-table.ts), by short name. */
export type LawParams = Readonly<Record<string, ParamInfo>>;

/**
 * The rows of the parameter table every law may read (config/param-table.ts): the stiffness kn, kt/kn (a spring
 * scheme's k_t = (k_t/k_n)·kLinear) and the restitution εn. A law declares which of them it reads (`reads`).
 */
export type SharedLawParam = 'kn' | 'ktOverKn' | 'en';

/** The live parameters a law may read: the shared stiffness kn and restitution εn, and its own rows. */
export type LawInput<P extends LawParams = LawParams> = { readonly kn: number; readonly en: number } & ParamValues<P>;

/** What `normalLaw` brings when it names this law. */
export interface LawChoice<P extends LawParams = LawParams> {
  /** As a message names it ('the Hertz law …') */
  name: string;
  /**
   * The scenes it may be chosen for: in a disc scene its contacts follow it; in a polygon scene the area law
   * (laws/area.ts) acts with its stiffness and dashpot.
   */
  shapes: readonly ('disc' | 'polygon')[];
  /**
   * Its own live parameters, rows of the one parameter table: path `material.<name>`, range, default, label,
   * unit, whether a change restarts the run; the page shows them while this law is chosen.
   */
  params: P;
  /**
   * The shared rows it reads (SharedLawParam): 'kn' where its stiffness is kn, 'ktOverKn' where a spring scheme's
   * k_t is (k_t/k_n)·kLinear (a law whose coefficients give their own `kt` leaves it out), 'en' where εn sets its
   * dashpot (damping 'restitution'). The page shows a shared row while the chosen law reads it
   * (config/param-visibility.ts); test/ui/soft-params.test.ts checks each declaration against its coefficients.
   */
  reads: readonly SharedLawParam[];
  /** The units it reads shared parameters in, where they differ from the table's (Hertz: kn in N/m^1.5) */
  units: Readonly<Record<string, string>>;
  /**
   * Its elastic force is kn·δ on every overlap, with nothing beyond contact: each contact a linear spring of the
   * constant stiffness kn, as the amplification-factor theory of a blow-up (worker/growth-theory.ts) and the
   * closed-form references (convergence/analytic.ts) assume
   */
  linearSpring: boolean;
  /**
   * How its normal dashpot is set (laws/dashpot.ts): 'restitution', γ_n = 2 ζ_n √(m_r k_n) with ζ_n from εn;
   * 'rate', γ_n = rate·m_r with the rate from its own parameters; 'contact', by the law itself per contact (its
   * normalForces writes γ_n and γ_t of its contacts: Hertz–Mindlin's κ √(m_r k) δ^{1/4}).
   */
  damping: 'restitution' | 'rate' | 'contact';
  /** Every binary collision restitutes εn, whatever the impact speed (the accuracy monitor then compares with εn) */
  fixedRestitution: boolean;
  /**
   * Its damping, reference contact time and linear stiffness for the live parameters p (reduced mass mrRef [kg];
   * config/material-coefficients.ts); also, where it has them, its range beyond contact (`range` [m]: the colliders
   * keep pairs with a gap below it, and the neighbour search's skin grows by it) and its own force constants
   * (`own`, which its kernels read as m.own)
   */
  coefficients(p: LawInput<P>, mrRef: number): LawCoefficients;
  /** Its coefficients in one line, for the page's picture caption ('kn = 1e5 N/m'); `fmt` writes a number */
  caption(p: LawInput<P>, fmt: (x: number) => string): string;
}

/**
 * How `sim export lammps` writes it: a LAMMPS style (mapped in src/cli: gran/hooke/history in lammps-export.ts,
 * gran/hertz/history in lammps-hertz.ts, body/rounded/polygon in lammps-body.ts), or why it cannot.
 */
export type LammpsMapping = { pairStyle: 'gran/hooke/history' | 'gran/hertz/history' | 'body/rounded/polygon' } | { refused: string };

export interface ContactLaw<P extends LawParams = LawParams> {
  id: string;
  /** Its row in laws/registry.ts: the value the colliders write into the record's `law` column */
  index: number;
  /** One line for `--help` and the page (the normalLaw row's help quotes it) */
  description: string;
  /** What the record's `delta` means for this law */
  overlap: 'depth' | 'area';
  /** History slots the law keeps per contact (none for an elastic law without memory) */
  history: readonly HistorySlot[];
  /**
   * The fused disc pass (contacts/disc-force-pass.ts, its WebAssembly and worker-pool twins) and the elastic-energy
   * pass have this law written in: a discs-only Cundall run of it takes that pass; the area law's, the fused polygon
   * pass (contacts/polygon-force-pass.ts), which a polygons-only Cundall run takes. A law without (every other law)
   * runs stage by stage through `normalForces`, on every path, with the same bits.
   */
  fused: boolean;
  /**
   * Batched: from delta, lc, un and the dashpot gn (laws/dashpot.ts, run first) writes fe (elastic part: the
   * critical force of the 'elastic' Coulomb cap) and fn for every contact whose `law` is this law's index.
   * Returns the power the normal dashpots dissipate [W].
   */
  normalForces(c: ContactList, m: MaterialCoefficients): number;
  /**
   * Elastic normal force at overlap measure δ and characteristic length l_c [N]; ri, rj: the two discs' radii (ri = 0
   * for a wall), for a law whose stiffness depends on them (Hertz–Mindlin's effective radius)
   */
  elasticForce(delta: number, lc: number, m: MaterialCoefficients, ri?: number, rj?: number): number;
  /**
   * Elastic energy stored at overlap δ [J] (F = −dU/dδ), for the energy account (radii as elasticForce's); null
   * declares that it has no closed form (the account then estimates it: sim/energy-ledger.ts)
   */
  energy: ((delta: number, lc: number, m: MaterialCoefficients, ri?: number, rj?: number) => number) | null;
  lammps: LammpsMapping;
  /** What it brings as the `normalLaw` parameter's choice; null for a law its colliders choose (the area law) */
  choice: LawChoice<P> | null;
}
