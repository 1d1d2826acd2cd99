/**
 * Every feature module that registers due-time job handlers (jobs.ts `registerJobHandler`).
 * Import this before running jobs (main.ts's job runner, `npm run ops -- jobs run`, tests) so
 * every kind in the jobs table has its handler. A new feature with jobs adds its module here.
 */
import "../order/order-lifecycle.ts";

export { runDueJobs, startJobRunner, registeredJobKinds } from "./jobs.ts";
