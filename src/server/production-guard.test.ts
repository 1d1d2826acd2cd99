import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseEnv } from "node:util";
import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";
import { productionRefusals } from "./production-guard.ts";

const base = { NODE_ENV: "production", DATA_DIR: "/nonexistent/mall-guard-test", PAYMENT_SECRET: "p".repeat(32) };
const refusals = (env: Record<string, string>) => {
  const e = { ...base, ...env } as NodeJS.ProcessEnv;
  return productionRefusals(loadConfig(e), e);
};

describe("productionRefusals", () => {
  it("refuses each demo-only default in production", () => {
    const out = refusals({});
    expect(out.some((r) => r.includes("PAYMENT_PROVIDER"))).toBe(true);
    // The sandbox's test cards are refused with it (docs/payment-card.md).
    expect(out.some((r) => r.includes("PAYMENT_PROVIDER") && r.includes("test cards"))).toBe(true);
    expect(out.some((r) => r.includes("SMS_PROVIDER"))).toBe(true);
    expect(out.some((r) => r.includes("AUTO_SEED"))).toBe(true);
    expect(refusals({ PREVIEW_SECRET: "dev-preview-secret-change-me" }).some((r) => r.includes("PREVIEW_SECRET"))).toBe(
      true,
    );
    expect(refusals({ PREVIEW_SECRET: "short" }).some((r) => r.includes("PREVIEW_SECRET"))).toBe(true);
    expect(refusals({ PAYMENT_SECRET: "short" }).some((r) => r.includes("PAYMENT_SECRET"))).toBe(true);
    expect(refusals({ PLATFORM_API_TOKEN: "dev-platform-token" }).some((r) => r.includes("PLATFORM_API_TOKEN"))).toBe(
      true,
    );
    expect(refusals({ DEV_CLOCK: "1" }).some((r) => r.includes("DEV_CLOCK"))).toBe(true);
    expect(refusals({ PASSWORD_HASH_COST: "test" }).some((r) => r.includes("PASSWORD_HASH_COST"))).toBe(true);
  });
  it("starts when each is allowed explicitly or turned off", () => {
    expect(refusals({ ALLOW_SANDBOX_PAYMENTS: "1", ALLOW_DEV_SMS: "1", ALLOW_DEMO_SEED: "1" })).toEqual([]);
    expect(
      refusals({ ALLOW_SANDBOX_PAYMENTS: "1", ALLOW_DEV_SMS: "1", AUTO_SEED: "0", PREVIEW_SECRET: "x".repeat(40) }),
    ).toEqual([]);
    // "true" is not "1": only the documented value allows
    expect(refusals({ ALLOW_SANDBOX_PAYMENTS: "true", ALLOW_DEV_SMS: "1", AUTO_SEED: "0" })).toHaveLength(1);
  });
  it("refuses a production start without PAYMENT_SECRET instead of a secret of the process's own", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-guard-"));
    try {
      const env = {
        NODE_ENV: "production",
        DATA_DIR: dir,
        ALLOW_SANDBOX_PAYMENTS: "1",
        ALLOW_DEV_SMS: "1",
        AUTO_SEED: "0",
      };
      const config = loadConfig(env as NodeJS.ProcessEnv);
      expect(config.paymentSecret).toBe("");
      // No per-process secret is made: another process would not verify what this one signs.
      expect(fs.existsSync(path.join(dir, "payment-secret"))).toBe(false);
      const out = productionRefusals(config, env as NodeJS.ProcessEnv);
      expect(out).toHaveLength(1);
      expect(out[0]).toMatch(/^PAYMENT_SECRET is not set: .*same in every process/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
  it("refuses deploy/mall.env.example as shipped, and starts once its placeholder is replaced", () => {
    const shipped = parseEnv(fs.readFileSync(path.resolve("deploy/mall.env.example"), "utf8"));
    // The demo providers of the example are the subject of their own refusals; allowed here.
    const env = {
      ...shipped,
      DATA_DIR: "/nonexistent/mall-guard-test",
      ALLOW_SANDBOX_PAYMENTS: "1",
      ALLOW_DEV_SMS: "1",
    };
    expect(productionRefusals(loadConfig(env), env).map((r) => r.split(" ")[0])).toEqual(["PAYMENT_SECRET"]);
    const filled = { ...env, PAYMENT_SECRET: "3f9c".repeat(16) };
    expect(productionRefusals(loadConfig(filled), filled)).toEqual([]);
    for (const name of ["PAYMENT_SECRET", "PREVIEW_SECRET", "PLATFORM_API_TOKEN"]) {
      const placeholder = { ...filled, [name]: "CHANGE-ME-openssl-rand-hex-32" };
      expect(productionRefusals(loadConfig(placeholder), placeholder).map((r) => r.split(" ")[0])).toEqual([name]);
    }
  });
  it("refuses nothing outside production", () => {
    expect(
      productionRefusals(loadConfig({ DATA_DIR: "/nonexistent/x", PAYMENT_SECRET: "p" } as NodeJS.ProcessEnv)),
    ).toEqual([]);
  });
  it("never uses a guessable preview secret outside production", () => {
    const c = loadConfig({ DATA_DIR: "/nonexistent/mall-guard-test" } as NodeJS.ProcessEnv);
    expect(c.previewSecret).not.toBe("dev-preview-secret-change-me");
    expect(c.previewSecret.length).toBeGreaterThanOrEqual(32);
  });
});
