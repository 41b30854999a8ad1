/**
 * The page's saved session (src/ui/session-store.ts): it comes back as saved, a state too large for the bound
 * or the browser's quota is left out (the address is kept), anything malformed in storage is no session, and
 * an explicit address always wins over a saved session.
 */
import { describe, expect, it } from 'vitest';
import {
  MAX_SESSION_CHARS, readSession, SESSION_KEY, sessionAction, writeSession, type SessionMeta, type SessionStorage,
} from '../../src/ui/session-store';

/** A Storage of one key's worth, refusing items longer than `quota` characters as the browser's quota does */
function memoryStorage(quota = Infinity): SessionStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (k) => items.get(k) ?? null,
    setItem: (k, v) => {
      if (v.length > quota) throw new DOMException('quota', 'QuotaExceededError');
      items.set(k, v);
    },
    removeItem: (k) => { items.delete(k); },
  };
}

const meta: SessionMeta = { address: '?scenario=heap&mu=0.3', scenario: 'heap', running: false, savedAt: 1_700_000_000_000 };
const state = { t: 1.25, spec: { name: 'heap', particles: [{ x: 0.1, y: 0.2, r: 0.02 }] } };

describe('saved session', () => {
  it('comes back as saved, with its state', () => {
    const st = memoryStorage();
    expect(writeSession(st, meta, JSON.stringify(state))).toBe('saved');
    expect(readSession(st)).toEqual({ ...meta, state });
    expect(writeSession(st, { ...meta, running: true }, null)).toBe('saved');
    expect(readSession(st)).toEqual({ ...meta, running: true, state: null });
  });

  it('a state over the bound or the quota is left out; the address is kept', () => {
    const huge = JSON.stringify({ t: 2, spec: { name: 'big', pad: 'x'.repeat(MAX_SESSION_CHARS) } });
    const st = memoryStorage();
    expect(writeSession(st, meta, huge)).toBe('saved without the state');
    expect(readSession(st)).toEqual({ ...meta, state: null });
    const small = memoryStorage(500);
    expect(writeSession(small, meta, JSON.stringify({ t: 2, spec: { pad: 'x'.repeat(600) } }))).toBe('saved without the state');
    expect(readSession(small)?.state).toBeNull();
    expect(writeSession(memoryStorage(10), meta, null)).toBe('failed');
    expect(writeSession(null, meta, null)).toBe('failed');
    expect(readSession(null)).toBeNull();
  });

  it('anything malformed in storage is no session', () => {
    const good = { ...meta, state };
    const bad: unknown[] = [
      'not json', '[]', 'null', '42',
      { ...good, address: 'javascript:alert(1)' }, { ...good, address: 7 }, { ...good, address: `?${'a'.repeat(50_000)}` },
      { ...good, scenario: null }, { ...good, running: 'yes' }, { ...good, savedAt: 'now' },
      { ...good, state: { t: 'NaN', spec: {} } }, { ...good, state: { t: 1, spec: [] } }, { ...good, state: 'state' },
    ];
    for (const b of bad) {
      const st = memoryStorage();
      st.items.set(SESSION_KEY, typeof b === 'string' ? b : JSON.stringify(b));
      expect(readSession(st), JSON.stringify(b).slice(0, 80)).toBeNull();
    }
    const st = memoryStorage();
    st.items.set(SESSION_KEY, JSON.stringify(good));
    expect(readSession(st)).toEqual(good);
  });

  it('is resumed at its own address, offered at the bare one, and ignored at any other: the URL wins', () => {
    const saved = { ...meta, state };
    expect(sessionAction(saved, meta.address)).toBe('resume');
    expect(sessionAction(saved, '')).toBe('offer');
    expect(sessionAction(saved, '?scenario=heap&mu=0.4')).toBe('ignore');
    expect(sessionAction(saved, `${meta.address}#spec=abc`)).toBe('ignore');
    expect(sessionAction(null, '')).toBe('ignore');
  });
});
