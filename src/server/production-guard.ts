/**
 * Safe defaults (docs/security.md "Production checklist"): demo-only things work locally but a
 * production start (NODE_ENV=production) refuses to run with them unless each is allowed
 * explicitly. main.ts prints every refusal and exits with code 78 (EX_CONFIG).
 */
import { DEV_PLATFORM_TOKEN, DEV_PREVIEW_SECRET, type AppConfig } from "./config.ts";

/** Exit code of a refused production start (sysexits EX_CONFIG). */
export const REFUSED_EXIT_CODE = 78;

/** Shortest PREVIEW_SECRET accepted in production. */
export const MIN_SECRET_LENGTH = 16;

/** Why this configuration must not start in production (empty = fine, or not production). */
export function productionRefusals(config: AppConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.production) return [];
  const out: string[] = [];
  if (config.paymentProvider === "sandbox" && !config.allow.sandboxPayments) {
    out.push(
      'PAYMENT_PROVIDER is "sandbox": its test page completes payments without money. Configure a real provider, or set ALLOW_SANDBOX_PAYMENTS=1 for a demo.',
    );
  }
  if (config.smsProvider === "dev-outbox" && !config.allow.devSms) {
    out.push(
      'SMS_PROVIDER is "dev-outbox": verification codes are written to the log and DATA_DIR/sms-outbox.jsonl. Configure a real SMS gateway, or set ALLOW_DEV_SMS=1 for a demo.',
    );
  }
  if (config.autoSeed && !config.allow.demoSeed) {
    out.push(
      "AUTO_SEED is on: an empty database would be filled with demo shops, users (with known passwords) and balances. Set AUTO_SEED=0, or ALLOW_DEMO_SEED=1 for a demo.",
    );
  }
  const preview = env.PREVIEW_SECRET ?? "";
  if (preview === DEV_PREVIEW_SECRET || (preview !== "" && preview.length < MIN_SECRET_LENGTH)) {
    out.push(
      `PREVIEW_SECRET is the published default or shorter than ${MIN_SECRET_LENGTH} characters: anyone could sign previews of unpublished pages. Set a long random value (or leave it unset to turn previews off).`,
    );
  }
  const platform = env.PLATFORM_API_TOKEN ?? "";
  if (platform === DEV_PLATFORM_TOKEN || (platform !== "" && platform.length < MIN_SECRET_LENGTH)) {
    out.push(
      `PLATFORM_API_TOKEN is the published default or shorter than ${MIN_SECRET_LENGTH} characters: anyone could review store applications and change shops. Set a long random value (or leave it unset to turn the platform API off).`,
    );
  }
  const payment = env.PAYMENT_SECRET ?? "";
  if (payment !== "" && payment.length < MIN_SECRET_LENGTH) {
    out.push(
      `PAYMENT_SECRET is shorter than ${MIN_SECRET_LENGTH} characters. Set a long random value (or leave it unset for a random one in DATA_DIR).`,
    );
  }
  return out;
}
