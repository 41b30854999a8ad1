/**
 * Which tangential scheme goes with which integrator (docs/model.md#allowed-combinations): refused
 * combinations are rejected with a message naming both, at load (ScenarioError) and at setParams
 * (ParamError, nothing changed); allowed ones load.
 */
import { describe, expect, it } from 'vitest';
import { getBuiltInInput } from '../../src/core/scenarios/registry';
import { applyOverrides } from '../../src/core/scenarios/overrides';
import { ScenarioError } from '../../src/core/scenarios/schema';
import { ParamError } from '../../src/core/config/param-check';
import { worldOf } from '../helpers';

const load = (...sets: string[]) => applyOverrides(getBuiltInInput('case-ii'), sets);

describe('scheme × integrator combinations', () => {
  it.each([
    ['midpoint', 'u0-010', /'midpoint' needs central difference/],
    ['midpoint', 'gear5', /'midpoint' needs central difference/],
    ['traditional', 'gear5', /'traditional' needs a GSSSS integrator/],
    ['consistent', 'gear3', /'consistent' needs a GSSSS integrator/],
    ['geometric-paper', 'cdm', /'geometric-paper' needs a Gear integrator/],
    ['geometric', 'v0-110', /'geometric' needs Gear or central difference/],
  ])('%s with %s is refused at load', (tangential, integrator, message) => {
    expect(() => load(`integrator=${integrator}`, `tangential=${tangential}`)).toThrow(ScenarioError);
    expect(() => load(`integrator=${integrator}`, `tangential=${tangential}`)).toThrow(message);
  });

  it.each([
    ['midpoint', 'cdm'], ['geometric', 'cdm'], ['geometric', 'gear5'], ['cundall', 'u0-010'], ['cundall', 'gear5'],
    ['consistent', 'v0-010'], ['traditional', 'gssss'], ['geometric-paper', 'gear4'],
  ])('%s with %s loads', (tangential, integrator) => {
    expect(() => load(`integrator=${integrator}`, `tangential=${tangential}`)).not.toThrow();
  });

  it("midpoint with the general member: allowed only where it is central difference (U0(1,1,0), η = 1)", () => {
    expect(() => load('integrator=gssss', 'tangential=midpoint')).not.toThrow();
    expect(() => load('integrator=gssss', 'tangential=midpoint', 'rhoMin=0')).toThrow(/the integrator is 'gssss U0\(0,1,0; η=1\)'/);
  });

  it('setParams refuses a bad combination with ParamError and changes nothing', () => {
    const w = worldOf('case-ii');
    expect(() => w.setParams({ integrator: 'gear5' })).toThrow(ParamError);
    expect(() => w.setParams({ integrator: 'gear5' })).toThrow(/'consistent' needs a GSSSS integrator/);
    expect(() => w.setParams({ tangential: 'midpoint', integrator: 'v0-110' })).toThrow(/'midpoint' needs central difference/);
    w.setParams({ tangential: 'midpoint' });
    w.step(1);
    expect(w.params.tangential).toBe('midpoint');
    expect(() => w.setParams({ integrator: 'u0-010' })).toThrow(ParamError);
    w.setParams({ integrator: 'gear5', tangential: 'cundall' });
    w.step(1);
    expect(w.params.integrator).toBe('gear5');
    expect(w.health.status).toBe('ok');
  });

  it('switching members and Δt mid-run restarts cleanly', () => {
    const w = worldOf('case-ii');
    w.step(100);
    w.setParams({ integrator: 'v0-010' });
    w.step(100);
    w.setParams({ dtOverTc: 0.005 });
    w.step(100);
    expect(w.health.status).toBe('ok');
    expect(w.params.integrator).toBe('v0-010');
  });
});
