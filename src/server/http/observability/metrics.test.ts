import { describe, expect, it } from "vitest";
import { metricsAllowed } from "./metrics.ts";

describe("metricsAllowed", () => {
  it("refuses everyone when no token is configured", () => {
    expect(metricsAllowed(undefined, "Bearer anything")).toBe(false);
    expect(metricsAllowed("", "Bearer ")).toBe(false);
  });

  it("allows only the configured bearer token", () => {
    expect(metricsAllowed("s3cret-token", "Bearer s3cret-token")).toBe(true);
    expect(metricsAllowed("s3cret-token", "Bearer s3cret-tokem")).toBe(false);
    expect(metricsAllowed("s3cret-token", "Bearer s3cret")).toBe(false);
    expect(metricsAllowed("s3cret-token", "s3cret-token")).toBe(false);
    expect(metricsAllowed("s3cret-token", undefined)).toBe(false);
  });
});
