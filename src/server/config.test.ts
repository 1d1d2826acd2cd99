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

describe("loadConfig: DATABASE_READ_URL", () => {
  const pg = { ...base, DATABASE_URL: "postgres://postgres@127.0.0.1:5432/mall" };

  it("is unset by default: every read is the primary's", () => {
    expect(loadConfig(pg).databaseReadUrl).toBeUndefined();
    expect(loadConfig({ ...pg, DATABASE_READ_URL: " " }).databaseReadUrl).toBeUndefined();
  });

  it("takes a postgres:// URL beside DATABASE_URL", () => {
    const url = "postgresql://postgres@10.0.0.2:5432/mall";
    expect(loadConfig({ ...pg, DATABASE_READ_URL: url }).databaseReadUrl).toBe(url);
  });

  it("refuses it with PGlite (no DATABASE_URL), saying why", () => {
    expect(() => loadConfig({ ...base, DATABASE_READ_URL: "postgres://postgres@127.0.0.1:5433/mall" })).toThrow(
      /DATABASE_READ_URL is set but DATABASE_URL is not: a read replica needs PostgreSQL/,
    );
  });

  it("refuses what is not a postgres:// URL", () => {
    expect(() => loadConfig({ ...pg, DATABASE_READ_URL: "mysql://x" })).toThrow(/must be a postgres:\/\/ URL/);
  });
});
