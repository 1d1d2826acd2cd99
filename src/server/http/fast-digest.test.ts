import { webcrypto } from "node:crypto";
import { describe, expect, it } from "vitest";
import { useSyncDigests } from "./fast-digest.ts";

describe("useSyncDigests", () => {
  it("answers the same digests as WebCrypto, for every SHA and input kind; other algorithms go to the original", async () => {
    const reference = webcrypto.subtle;
    const patched = Object.create(reference) as SubtleCrypto;
    patched.digest = reference.digest.bind(reference);
    useSyncDigests(patched);
    useSyncDigests(patched); // a second call changes nothing
    const text = new TextEncoder().encode("function e(){console.log(`漢字 ✓`)}".repeat(40));
    const inputs: BufferSource[] = [
      text,
      text.buffer,
      new DataView(text.buffer, 3, 50),
      text.subarray(7, 99),
      new Uint8Array(0),
    ];
    for (const alg of ["SHA-1", "SHA-256", "sha-384", { name: "SHA-512" }] as const) {
      for (const data of inputs) {
        const a = Buffer.from(await patched.digest(alg, data)).toString("base64");
        const b = Buffer.from(await reference.digest(alg, data)).toString("base64");
        expect(a).toBe(b);
      }
    }
    await expect(patched.digest("MD5", text)).rejects.toThrow();
  });
});
