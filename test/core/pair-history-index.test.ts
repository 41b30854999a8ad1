/**
 * The fused disc pass looks last step's contact of a pair up by body and partner after the pair list was
 * rebuilt (state/pair-history-index.ts): it must find exactly what the hash table keyed by (i, j, feature)
 * finds (state/contact-list.ts), for every candidate pair, and nothing for a wall's contacts.
 */
import { describe, expect, it } from 'vitest';
import { ContactHistoryIndex } from '../../src/core/state/contact-list';
import { PairHistoryIndex } from '../../src/core/state/pair-history-index';
import { benchPileSpec } from '../../src/cli/bench';
import { World } from '../../src/core/sim/world';

describe('the pairs\' history index', () => {
  it('finds the hash table\'s contact for every candidate pair of a pile, and −1 for the rest', () => {
    const w = new World(benchPileSpec(1000, 'cundall', 'cdm'));
    w.step(500);
    const list = w.pipeline.record;
    const pairs = w.search.pairs;
    expect(list.pairContacts).toBeGreaterThan(100);
    expect(list.count).toBeGreaterThan(list.pairContacts); // the floor and the walls' contacts follow
    const byBody = new PairHistoryIndex(), byKey = new ContactHistoryIndex();
    byBody.build(list, w.n);
    byKey.build(list);
    let found = 0;
    for (let p = 0; p < pairs.count; p++) {
      const i = pairs.i[p], j = pairs.j[p], q = byBody.find(i, j);
      expect(q).toBe(byKey.find(i, j, 0));
      if (q >= 0) found++;
    }
    expect(found).toBe(list.pairContacts); // every contact between bodies is a candidate pair
    for (let k = list.pairContacts; k < list.count; k++) expect(list.i[k]).toBeLessThan(0);
  });

  it('builds the same table in WebAssembly (the World\'s arena) as in JavaScript', () => {
    const w = new World(benchPileSpec(1000, 'cundall', 'cdm'));
    w.step(300);
    const list = w.pipeline.record;
    expect(w.wasm).not.toBeNull();
    const inWasm = w.pipeline.narrow.pairHistory, inJs = new PairHistoryIndex();
    inWasm.build(list, w.n, w.wasm);
    inJs.build(list, w.n);
    expect(w.wasm!.arena.offsetOf(inWasm.start)).toBeGreaterThanOrEqual(0); // so the kernel ran
    const m = list.pairContacts;
    expect(Array.from(inWasm.start.subarray(0, w.n + 1))).toEqual(Array.from(inJs.start.subarray(0, w.n + 1)));
    expect(Array.from(inWasm.partner.subarray(0, m))).toEqual(Array.from(inJs.partner.subarray(0, m)));
    expect(Array.from(inWasm.contact.subarray(0, m))).toEqual(Array.from(inJs.contact.subarray(0, m)));
  });

  it('indexes only the list\'s first pairContacts, and none of a cleared list', () => {
    const w = new World(benchPileSpec(1000, 'cundall', 'cdm'));
    w.step(100);
    const list = w.pipeline.record;
    const x = new PairHistoryIndex();
    const { i, j } = { i: list.i[0], j: list.j[0] };
    x.build(list, w.n);
    expect(x.find(i, j)).toBe(0);
    const saved = list.count;
    list.count = 0; // as after a switch between soft DEM and contact dynamics, before pairContacts is reset
    x.build(list, w.n);
    expect(x.find(i, j)).toBe(-1);
    list.count = saved;
  });
});
