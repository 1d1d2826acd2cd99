/** A production start with the demo defaults exits with a clear message and code 78 (src/server/production-guard.ts). */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("production start", () => {
  it("refuses the sandbox provider, dev SMS outbox, demo seed, default preview secret and a missing payment secret, and exits 78", () => {
    const r = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "src/server/main.ts"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATA_DIR: path.join(os.tmpdir(), `mall-prod-refuse-${process.pid}`),
        PORT: "0",
        PREVIEW_SECRET: "dev-preview-secret-change-me",
        PAYMENT_SECRET: "",
      },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(r.status).toBe(78);
    for (const name of [
      "PAYMENT_PROVIDER",
      "SMS_PROVIDER",
      "AUTO_SEED",
      "PREVIEW_SECRET",
      "PAYMENT_SECRET is not set",
      "docs/security.md",
    ])
      expect(r.stderr).toContain(name);
    expect(r.stdout).not.toContain("listening");
  }, 60_000);
});
