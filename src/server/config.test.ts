import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

const base = { DATA_DIR: "/tmp/mall-config-test", PAYMENT_SECRET: "x".repeat(32), PREVIEW_SECRET: "y".repeat(32) };

describe("loadConfig: STORAGE", () => {
  it("keeps uploads on the local disk by default", () => {
    expect(loadConfig({ ...base }).storage).toBe("local");
    expect(loadConfig({ ...base, STORAGE: "local" }).storage).toBe("local");
  });

  it("keeps them in the shared database with STORAGE=database", () => {
    expect(loadConfig({ ...base, STORAGE: "database" }).storage).toBe("database");
  });

  it("refuses to start on a value it does not know rather than silently using the disk", () => {
    expect(() => loadConfig({ ...base, STORAGE: "s3" })).toThrow('STORAGE must be "local" or "database", not "s3"');
  });
});
