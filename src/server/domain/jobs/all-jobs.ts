/**
 * Every feature module that registers due-time job handlers (jobs.ts `registerJobHandler`).
 * Import this before running jobs (main.ts's job runner, `npm run ops -- jobs run`, tests) so
 * every kind in the jobs table has its handler. A new feature with jobs adds its module here.
 */
import "../order/order-lifecycle.ts";
import "../flash-sale/flash-sale.ts";
import "../group-buy/group-buy.ts";
import "../order/write-off.ts";
import { setRefundJobDeps } from "../refund/refund.ts";
import { loadConfig } from "../../config.ts";
import { paymentProviderFor } from "../../providers/payment.ts";

// Refund jobs pay out through the configured payment provider (the same one the server uses) and
// check its signed refund answers with the payment secret.
setRefundJobDeps(() => {
  const config = loadConfig(process.env);
  return { provider: paymentProviderFor(config), secret: config.paymentSecret };
});

export { runDueJobs, startJobRunner } from "./jobs.ts";
