/**
 * Reads and writes of the arena's columns by byte offset, and of a disc-kernel table (disc-pair-table.ts), for the
 * AssemblyScript kernels: each inlined where it is used.
 */
import { PARAMS_AT } from './disc-pair-table';

/** Element k of the f64 column at `base` */
@inline export function f64At(base: usize, k: i32): f64 { return load<f64>(base + (<usize>k << 3)); }
/** Element k of the i32 column at `base` */
@inline export function i32At(base: usize, k: i32): i32 { return load<i32>(base + (<usize>k << 2)); }
/** Adds v to the f64 at byte `k` of the column at `base` */
@inline export function addF64(base: usize, k: usize, v: f64): void { store<f64>(base + k, load<f64>(base + k) + v); }
/** Column slot s's byte offset in the table at t */
@inline export function col(t: usize, s: i32): usize { return <usize>load<i32>(t + (<usize>s << 2)); }
/** Parameter s of the table at t */
@inline export function param(t: usize, s: i32): f64 { return load<f64>(t + PARAMS_AT + (<usize>s << 3)); }
