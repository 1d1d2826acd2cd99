/**
 * Astro hashes the inline scripts of every page it renders for the CSP <meta> (one SHA-256 each,
 * per request) through WebCrypto's `crypto.subtle.digest`, which runs each digest as a thread-pool
 * job with its promise and buffer transfers: about 0.15 ms per script, a tenth of an uncached
 * product page's CPU. `useSyncDigests()` answers the SHA digests of byte input from node:crypto's
 * one-shot synchronous hash instead (microseconds for a few KB): the same bytes, still as a promise.
 * Anything else goes to the original. main.ts calls it once at start (docs/performance.md).
 */
import { hash } from "node:crypto";

const NODE_NAMES: Record<string, string> = {
  "SHA-1": "sha1",
  "SHA-256": "sha256",
  "SHA-384": "sha384",
  "SHA-512": "sha512",
};

/** The bytes of a BufferSource as a Buffer view (no copy), or null for anything else. */
function bytesOf(data: unknown): Buffer | null {
  if (ArrayBuffer.isView(data)) return Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (data instanceof ArrayBuffer) return Buffer.from(data);
  return null;
}

export function useSyncDigests(subtle: SubtleCrypto = globalThis.crypto.subtle): void {
  if ((subtle.digest as { syncDigests?: true }).syncDigests) return;
  const original = subtle.digest.bind(subtle);
  const digest = (algorithm: AlgorithmIdentifier, data: BufferSource): Promise<ArrayBuffer> => {
    const name = typeof algorithm === "string" ? algorithm : algorithm?.name;
    const nodeName = typeof name === "string" ? NODE_NAMES[name.toUpperCase()] : undefined;
    const bytes = bytesOf(data);
    if (!nodeName || !bytes) return original(algorithm, data);
    // crypto.hash: one call without a Hash object (a page hashes about 16 scripts and styles).
    const out = hash(nodeName, bytes, "buffer");
    return Promise.resolve(out.buffer.slice(out.byteOffset, out.byteOffset + out.byteLength) as ArrayBuffer);
  };
  Object.defineProperty(digest, "syncDigests", { value: true });
  subtle.digest = digest;
}
