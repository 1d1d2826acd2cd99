/**
 * Every feature module that registers due-time job handlers (jobs.ts `registerJobHandler`).
 * Import this before running jobs (main.ts's job runner, `npm run ops -- jobs run`, tests) so
 * every kind in the jobs table has its handler. A new feature with jobs adds its module here.
 */
import "./domain/order/order-lifecycle.ts";
import "./domain/flash-sale/flash-sale.ts";
import "./domain/group-buy/group-buy.ts";
import "./domain/refund/refund.ts";
import "./domain/order/write-off.ts";
import "./domain/renovation/renovation-schedule.ts";
import path from "node:path";
import { setRefundJobDeps } from "./domain/refund/refund-payout.ts";
import { setUploadCleanupDeps } from "./domain/upload/upload-cleanup.ts";
import { loadConfig } from "./config.ts";
import { paymentProviderFor } from "./providers/payment.ts";
import { fileStorageFor } from "./providers/storage.ts";

// Refund jobs pay out through the configured payment provider (the same one the server uses) and
// check its signed refund answers with the payment secret.
setRefundJobDeps(() => {
  const config = loadConfig(process.env);
  return { provider: paymentProviderFor(config), secret: config.paymentSecret };
});

// The clean-up of unused uploads removes files from the configured storage (bootstrap.ts's).
setUploadCleanupDeps(() => {
  const config = loadConfig(process.env);
  return {
    storage: (tx) => fileStorageFor(config.storage, tx, path.join(config.dataDir, "uploads")),
    maxAgeMs: config.uploadCleanupHours * 3600_000,
  };
});

export { runDueJobs, startJobRunner } from "./domain/jobs/jobs.ts";
export { scheduleUploadCleanup } from "./domain/upload/upload-cleanup.ts";
