import { describe, expect, it } from "vitest";
import { etagMatches, negotiateEncoding, weakEtag } from "./encoding.ts";

describe("HTTP helpers", () => {
  it("weak ETag and If-None-Match", () => {
    const etag = weakEtag(Buffer.from("hello"));
    expect(etag).toMatch(/^W\/"[A-Za-z0-9+/=]+"$/);
    expect(etag).toBe(weakEtag(Buffer.from("hello")));
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"x", ${etag.slice(2)}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches('W/"other"', etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });

  it("negotiates br, then gzip", () => {
    expect(negotiateEncoding("gzip, deflate, br")).toBe("br");
    expect(negotiateEncoding("gzip, br;q=0")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBe("identity");
    expect(negotiateEncoding(undefined)).toBe("identity");
    expect(negotiateEncoding("deflate")).toBe("identity");
  });
});
