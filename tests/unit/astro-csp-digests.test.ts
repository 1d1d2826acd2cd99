import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CSP_DIGEST_MAX_CHARS, CSP_DIGESTS_MAX, keepCspDigests } from "../../scripts/astro-csp-digests.mjs";

const require = createRequire(import.meta.url);
const astroRoot = path.dirname(require.resolve("astro/package.json"));
const encryptionJs = fs.readFileSync(path.join(astroRoot, "dist/core/encryption.js"), "utf8");

type Digest = (data: string, algorithm: string) => Promise<string>;

/** The rewritten generateCspDigest of the installed Astro, with WebCrypto's digest counted. */
function rewritten() {
  const code = keepCspDigests(encryptionJs);
  const start = code.indexOf("const keptCspDigests");
  const end = code.indexOf("\nasync function generateContentHash", start);
  expect(start).toBeGreaterThan(-1);
  expect(end).toBeGreaterThan(start);
  let digests = 0;
  let failNext = false;
  const subtle = {
    digest: async (algorithm: string, bytes: Uint8Array) => {
      digests++;
      if (failNext) {
        failNext = false;
        throw new Error("digest failed");
      }
      return createHash(algorithm.replace("-", "").toLowerCase()).update(bytes).digest().buffer;
    },
  };
  const factory = new Function(
    "crypto",
    "encoder",
    "encodeBase64",
    "ALGORITHMS",
    `${code.slice(start, end)}\nreturn generateCspDigest;`,
  ) as (...args: unknown[]) => Digest;
  const generateCspDigest = factory(
    { subtle },
    new TextEncoder(),
    (bytes: Uint8Array) => Buffer.from(bytes).toString("base64"),
    { "SHA-256": "sha256-", "SHA-512": "sha512-" },
  );
  return {
    generateCspDigest,
    get digests() {
      return digests;
    },
    failNext: () => (failNext = true),
  };
}

const expected = (text: string) => `sha256-${createHash("sha256").update(text).digest("base64")}`;

describe("astro-csp-digests (scripts/astro-csp-digests.mjs)", () => {
  it("finds the code it rewrites in the installed Astro", () => {
    expect(() => keepCspDigests(encryptionJs)).not.toThrow();
    expect(() => keepCspDigests("export {}")).toThrow(/astro-csp-digests/);
  });

  it("answers the digest Astro would, made once per text and algorithm", async () => {
    const d = rewritten();
    const script = "document.querySelectorAll('[data-x]').forEach(init);";
    const [a, b] = await Promise.all([d.generateCspDigest(script, "SHA-256"), d.generateCspDigest(script, "SHA-256")]);
    expect(a).toBe(expected(script));
    expect(b).toBe(a);
    expect(await d.generateCspDigest(script, "SHA-256")).toBe(a);
    expect(d.digests).toBe(1);
    expect(await d.generateCspDigest(script, "SHA-512")).toMatch(/^sha512-/);
    expect(await d.generateCspDigest("other", "SHA-256")).toBe(expected("other"));
    expect(d.digests).toBe(3);
  });

  it("keeps no long text, starts over when full, and forgets a failed digest", async () => {
    const d = rewritten();
    const long = "x".repeat(CSP_DIGEST_MAX_CHARS + 1);
    await d.generateCspDigest(long, "SHA-256");
    expect(await d.generateCspDigest(long, "SHA-256")).toBe(expected(long));
    expect(d.digests).toBe(2);
    for (let i = 0; i <= CSP_DIGESTS_MAX; i++) await d.generateCspDigest(`island ${i}`, "SHA-256");
    const before = d.digests;
    await d.generateCspDigest(`island ${CSP_DIGESTS_MAX}`, "SHA-256");
    expect(d.digests).toBe(before);
    await d.generateCspDigest("island 0", "SHA-256");
    expect(d.digests).toBe(before + 1);
    d.failNext();
    await expect(d.generateCspDigest("flaky", "SHA-256")).rejects.toThrow("digest failed");
    expect(await d.generateCspDigest("flaky", "SHA-256")).toBe(expected("flaky"));
  });
});
