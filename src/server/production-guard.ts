/**
 * Safe defaults (docs/security.md "Production checklist"): demo-only things work locally but a
 * production start (NODE_ENV=production) refuses to run with them unless each is allowed
 * explicitly. main.ts prints every refusal and exits with code 78 (EX_CONFIG).
 */
import { DEV_PLATFORM_TOKEN, type AppConfig } from "./config.ts";

/** Exit code of a refused production start (sysexits EX_CONFIG). */
export const REFUSED_EXIT_CODE = 78;

/** Shortest secret (PAYMENT_SECRET, PREVIEW_SECRET, PLATFORM_API_TOKEN) accepted in production. */
export const MIN_SECRET_LENGTH = 16;

/** Too short, or a placeholder of an example file left as it was (`CHANGE-ME…` in deploy/mall.env.example). */
function weakSecret(value: string): boolean {
  return value.length < MIN_SECRET_LENGTH || /change-?me/i.test(value);
}

/** Why this configuration must not start in production (empty = fine, or not production). */
export function productionRefusals(config: AppConfig, env: NodeJS.ProcessEnv = process.env): string[] {
  if (!config.production) return [];
  const out: string[] = [];
  if (config.paymentProvider === "sandbox" && !config.allow.sandboxPayments) {
    out.push(
      'PAYMENT_PROVIDER is "sandbox": its test page completes payments and its test cards pay without money. Configure a real provider, or set ALLOW_SANDBOX_PAYMENTS=1 for a demo.',
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
  if (config.devClock) {
    out.push(
      "DEV_CLOCK is on: anyone could run due jobs (scheduled pages, order time-outs) as of any time. It is for browser tests only; unset it.",
    );
  }
  if (env.PASSWORD_HASH_COST === "test") {
    out.push(
      'PASSWORD_HASH_COST is "test": new password hashes would take a hundredth of the standard work, for test runs only. Unset it.',
    );
  }
  const preview = env.PREVIEW_SECRET ?? "";
  if (preview !== "" && weakSecret(preview)) {
    out.push(
      `PREVIEW_SECRET is a placeholder ("…change-me…") or shorter than ${MIN_SECRET_LENGTH} characters: anyone could sign previews of unpublished pages. Set a long random value (or leave it unset to turn previews off).`,
    );
  }
  const platform = env.PLATFORM_API_TOKEN ?? "";
  if (platform === DEV_PLATFORM_TOKEN || (platform !== "" && weakSecret(platform))) {
    out.push(
      `PLATFORM_API_TOKEN is the published development default, a placeholder ("…change-me…") or shorter than ${MIN_SECRET_LENGTH} characters: anyone could review store applications and change shops. Set a long random value (or leave it unset to turn the platform API off).`,
    );
  }
  const payment = env.PAYMENT_SECRET ?? "";
  if (payment === "") {
    out.push(
      "PAYMENT_SECRET is not set: each process would sign payment and refund notifications and flash-sale order paths with a random secret of its own, which the other processes behind the same proxy refuse. Set one long random value, the same in every process (e.g. `openssl rand -hex 32`).",
    );
  } else if (weakSecret(payment)) {
    out.push(
      `PAYMENT_SECRET is a placeholder ("…change-me…") or shorter than ${MIN_SECRET_LENGTH} characters: provider notifications could be forged. Set one long random value, the same in every process (e.g. \`openssl rand -hex 32\`).`,
    );
  }
  return out;
}
