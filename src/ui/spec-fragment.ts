/**
 * A loaded scenario file carried in the URL fragment (`#spec=…`), so that a URL shares a file's scene
 * as it shares a built-in's: the JSON, deflated (CompressionStream 'deflate-raw') and base64url-encoded.
 * Only small files fit; a larger one is said plainly not to be shareable by URL.
 */

/** Longest fragment we write (browsers and chat tools cope with URLs of a few tens of kB at most). */
export const MAX_FRAGMENT_CHARS = 16_000;
const KEY = 'spec=';

async function pipe(data: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const out = new Response(new Blob([data as BlobPart]).stream().pipeThrough(stream));
  return new Uint8Array(await out.arrayBuffer());
}

function toBase64Url(bytes: Uint8Array): string {
  let bin = '';
  for (let k = 0; k < bytes.length; k += 0x8000) bin += String.fromCharCode(...bytes.subarray(k, k + 0x8000));
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(s: string): Uint8Array {
  if (!/^[A-Za-z0-9_-]*$/.test(s)) throw new Error('the scenario in the URL is not base64url text');
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (s.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let k = 0; k < bin.length; k++) out[k] = bin.charCodeAt(k);
  return out;
}

/** The fragment (without '#') for a scenario's JSON text, or null when it is too large for a URL. */
export async function encodeSpecFragment(json: string): Promise<string | null> {
  const packed = await pipe(new TextEncoder().encode(json), new CompressionStream('deflate-raw'));
  const frag = KEY + toBase64Url(packed);
  return frag.length <= MAX_FRAGMENT_CHARS ? frag : null;
}

/** The scenario JSON text in a fragment ('#spec=…' or 'spec=…'); null when the fragment has none. */
export async function decodeSpecFragment(hash: string): Promise<string | null> {
  const h = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!h.startsWith(KEY)) return null;
  if (h.length > MAX_FRAGMENT_CHARS) throw new Error(`the scenario in the URL is longer than ${MAX_FRAGMENT_CHARS} characters`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await pipe(fromBase64Url(h.slice(KEY.length)), new DecompressionStream('deflate-raw')));
  } catch (e) {
    throw new Error(`the scenario in the URL could not be read (${e instanceof Error ? e.message : String(e)})`);
  }
}
