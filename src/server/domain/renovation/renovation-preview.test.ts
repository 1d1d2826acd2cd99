import { describe, expect, it } from "vitest";
import { createPreviewToken, PREVIEW_TOKEN_TTL_MS, previewPath, verifyPreviewToken } from "./renovation-preview.ts";

const SECRET = "test-secret";
const now = Date.UTC(2026, 5, 1, 12, 0, 0);

describe("preview tokens", () => {
  it("verifies a fresh token for the same renovation and shop", () => {
    const token = createPreviewToken(SECRET, 5, 1, now + PREVIEW_TOKEN_TTL_MS);
    expect(token).toMatch(/^\d+\.[A-Za-z0-9_-]{43}$/);
    expect(verifyPreviewToken(SECRET, token, 5, 1, now)).toBe(true);
    expect(verifyPreviewToken(SECRET, token, 5, 1, new Date(now + PREVIEW_TOKEN_TTL_MS - 1000))).toBe(true);
  });
  it("refuses expired tokens, other ids, other secrets and tampering", () => {
    const token = createPreviewToken(SECRET, 5, 1, now + PREVIEW_TOKEN_TTL_MS);
    expect(verifyPreviewToken(SECRET, token, 5, 1, now + PREVIEW_TOKEN_TTL_MS)).toBe(false);
    expect(verifyPreviewToken(SECRET, token, 6, 1, now)).toBe(false);
    expect(verifyPreviewToken(SECRET, token, 5, 2, now)).toBe(false);
    expect(verifyPreviewToken("other", token, 5, 1, now)).toBe(false);
    expect(verifyPreviewToken("", token, 5, 1, now)).toBe(false);
    const [exp, sig] = token.split(".");
    expect(verifyPreviewToken(SECRET, `${Number(exp) + 3600}.${sig}`, 5, 1, now)).toBe(false);
    expect(verifyPreviewToken(SECRET, `${exp}.${sig!.slice(0, -1)}${sig!.endsWith("A") ? "B" : "A"}`, 5, 1, now)).toBe(
      false,
    );
    for (const bad of [undefined, null, "", "abc", "1.2", `${exp}`, `${exp}.${sig}.x`])
      expect(verifyPreviewToken(SECRET, bad, 5, 1, now)).toBe(false);
  });
  it("refuses tokens claiming more than a day of validity", () => {
    const token = createPreviewToken(SECRET, 5, 1, now + 48 * 3600 * 1000);
    expect(verifyPreviewToken(SECRET, token, 5, 1, now)).toBe(false);
  });
  it("builds the /select-decorate URL", () => {
    const p = previewPath(SECRET, 5, 1, now);
    const url = new URL(p, "http://x");
    expect(url.pathname).toBe("/select-decorate");
    expect(url.searchParams.get("renovationId")).toBe("5");
    expect(url.searchParams.get("sid")).toBe("1");
    expect(verifyPreviewToken(SECRET, url.searchParams.get("token"), 5, 1, now)).toBe(true);
  });
  it("an empty secret cannot make tokens", () => {
    expect(() => createPreviewToken("", 1, 0, now)).toThrow();
  });
});
