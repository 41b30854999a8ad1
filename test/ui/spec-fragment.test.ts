/**
 * A scenario file in the URL fragment (src/ui/spec-fragment.ts): the JSON comes back byte for byte,
 * a file too large for a URL is refused with null (the page then says so), and a damaged fragment
 * gives a message, never a half-read scenario.
 */
import { describe, expect, it } from 'vitest';
import { decodeSpecFragment, encodeSpecFragment, MAX_FRAGMENT_CHARS } from '../../src/ui/spec-fragment';
import { getBuiltIn } from '../../src/core/index';

describe('scenario in the URL fragment', () => {
  it('round-trips a scenario file exactly (unicode included)', async () => {
    const json = JSON.stringify({ ...getBuiltIn('cd-piston'), description: 'Δt ≪ t_c — «piston» 🙂' }, null, 2);
    const frag = await encodeSpecFragment(json);
    expect(frag).not.toBeNull();
    expect(frag!.startsWith('spec=')).toBe(true);
    expect(frag!).toMatch(/^spec=[A-Za-z0-9_-]+$/); // URL-safe as is
    expect(await decodeSpecFragment(`#${frag}`)).toBe(json);
  });

  it('a file too large for a URL gives null; a fragment without a scenario gives null', async () => {
    const particles = Array.from({ length: 5000 }, (_, k) => ({ x: Math.sin(k) * 10, y: Math.cos(k * 1.3) * 10, r: 0.01 + (k % 7) * 1e-3 }));
    const big = JSON.stringify({ name: 'big', particles });
    expect(await encodeSpecFragment(big)).toBeNull();
    expect(await decodeSpecFragment('')).toBeNull();
    expect(await decodeSpecFragment('#section-2')).toBeNull();
  });

  it('a damaged or oversized fragment is reported, not half read', async () => {
    const frag = (await encodeSpecFragment(JSON.stringify(getBuiltIn('pile'))))!;
    await expect(decodeSpecFragment(`#${frag.slice(0, frag.length - 9)}`)).rejects.toThrow(/could not be read/);
    await expect(decodeSpecFragment('#spec=abc$%')).rejects.toThrow(/not base64url/);
    await expect(decodeSpecFragment(`#spec=${'A'.repeat(MAX_FRAGMENT_CHARS)}`)).rejects.toThrow(/longer than/);
  });
});
