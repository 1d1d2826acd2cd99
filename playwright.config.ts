/**
 * Browser tests in the system Chromium (Debian `chromium`, ARCHITECTURE.md "Stack facts").
 * The server under test is the real one (`npm run serve`, i.e. src/server/main.ts on the built
 * dist/) on the embedded database in a fresh temporary data directory, seeded at start.
 * Run `npm run build` first (npm test does).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";

// E2E_PORT lets a second copy of the suite run beside this one (default 4399).
const PORT = Number(process.env.E2E_PORT ?? 4399);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = !!process.env.CI;
// Known secret of the signed decoration preview links; tests/e2e/browsing.spec.ts signs tokens
// with it (workers inherit it from the runner like MALL_E2E_DATA_DIR).
process.env.MALL_E2E_PREVIEW_SECRET ||= "e2e-preview-secret";
// Bearer token of /metrics (tests/e2e/observability.spec.ts).
process.env.MALL_E2E_METRICS_TOKEN ||= "e2e-metrics-token";

// One fresh data directory per run. The config is also loaded by every worker process; they
// inherit MALL_E2E_DATA_DIR from the runner and so never create a second directory.
if (!process.env.MALL_E2E_DATA_DIR) {
  const tmp = os.tmpdir();
  // Leftovers of earlier runs whose runner process is gone.
  for (const name of fs.readdirSync(tmp)) {
    const m = /^mall-e2e-(\d+)$/.exec(name);
    if (!m) continue;
    let alive = true;
    try {
      process.kill(Number(m[1]), 0);
    } catch {
      alive = false;
    }
    if (!alive) fs.rmSync(path.join(tmp, name), { recursive: true, force: true });
  }
  const dir = path.join(tmp, `mall-e2e-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  process.env.MALL_E2E_DATA_DIR = dir;
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results",
  fullyParallel: true,
  forbidOnly: CI,
  // Most of a browser test's time is waiting (navigation, hydration, API answers): four workers keep
  // two cores busy. In CI two: on virtual machines where a page fault costs ~16 µs (10-30 times a
  // usual machine; docs/architecture.md "Browser tests") browsers slow each other down more than
  // they overlap — three cart journeys at once all timed out where one after another took 11-17 s
  // each. E2E_WORKERS overrides (a helper running one file beside the suite: 1).
  workers: Number(process.env.E2E_WORKERS ?? (CI ? 2 : 4)),
  retries: CI ? 1 : 0,
  // Generous: a test fails on what it checks, not on a slow machine's clock.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"], ["html", { open: "never", outputFolder: "playwright-report" }]],
  use: {
    baseURL: BASE_URL,
    headless: true,
    locale: "zh-CN",
    viewport: { width: 1366, height: 900 },
    // Recording a trace costs every test 15-20 % more CPU (screencast frames, DOM snapshots). In CI
    // a failed test is retried once, recorded: a trace of each failure at no cost to passing tests.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // One renderer process per browser, not one per site and tab: fewer processes to start
        // (each a costly run of page faults on such machines). Contexts stay isolated.
        "--disable-features=site-per-process",
        "--renderer-process-limit=1",
      ],
    },
  },
  projects: [{ name: "chromium" }],
  webServer: {
    command: "npm run serve",
    url: `${BASE_URL}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: process.env.MALL_E2E_DATA_DIR!,
      DATABASE_URL: "",
      AUTO_SEED: "1",
      SITE_URL: BASE_URL,
      MOBILE_MALL_URL: `${BASE_URL}/`,
      PREVIEW_SECRET: process.env.MALL_E2E_PREVIEW_SECRET!,
      METRICS_TOKEN: process.env.MALL_E2E_METRICS_TOKEN!,
      // Warnings and errors only: an access line per request would bury the runner's own output
      // (E2E_LOG_LEVEL=info shows them).
      LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? "warn",
      // Every test buyer registers from 127.0.0.1 (docs/security.md "Widening per-IP limits").
      REGISTER_IP_HOURLY_LIMIT: "10000",
      SMS_IP_DAILY_LIMIT: "10000",
      UPLOAD_IP_MINUTE_LIMIT: "10000",
      UPLOAD_IP_DAILY_LIMIT: "10000",
      // The controllable clock of tests/e2e/decorate-studio.spec.ts (POST /api/dev/jobs/run).
      DEV_CLOCK: "1",
      // New password hashes at the test cost (src/server/domain/kernel/password.ts).
      PASSWORD_HASH_COST: "test",
    },
  },
});
