import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { UploadLimits } from "./domain/upload/upload-limits.ts";

/** Process configuration, read once from the environment. Defaults are documented in .env.example. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * A PostgreSQL streaming replica of DATABASE_URL (DATABASE_READ_URL) that search and catalogue
   * browsing read (src/server/db/read-replica.ts; docs/search.md "Read replica"); refused with PGlite.
   */
  databaseReadUrl: string | undefined;
  publicApiBase: string;
  merchantPlatformUrl: string;
  mobileMallUrl: string;
  siteUrl: string;
  production: boolean;
  /** Skip the automatic seed on an empty database (tests seed themselves). */
  autoSeed: boolean;
  /** HMAC secret of the signed renovation preview links (src/server/domain/renovation/renovation-preview.ts); "" disables previews. */
  previewSecret: string;
  /**
   * HMAC-SHA256 secret of payment and refund notifications (src/server/providers/payment.ts) and of
   * the flash-sale order paths: PAYMENT_SECRET, else (outside production) a random secret created
   * once and kept in DATA_DIR/payment-secret. Several processes must share one value, so a
   * production start refuses to run without PAYMENT_SECRET (production-guard.ts) — "" here.
   */
  paymentSecret: string;
  /** Provider of WeChat-scan / Alipay payments (PAYMENT_PROVIDER): only "sandbox" (the built-in test provider) so far. */
  paymentProvider: string;
  /** SMS delivery (SMS_PROVIDER): only "dev-outbox" (log + DATA_DIR/sms-outbox.jsonl) so far. */
  smsProvider: string;
  /** Where uploads are kept (STORAGE): "local" = DATA_DIR/uploads (default), "database" = the shared database. */
  storage: "local" | "database";
  /**
   * Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY: comma-separated IPs or
   * IPv4 CIDRs, or "loopback"); empty = the socket peer is the client (src/server/http/client-ip.ts).
   */
  trustProxy: string[];
  /**
   * Per-IP limits of the account flows that an operator may need to widen (many buyers behind one
   * NAT, the browser test suite's single loopback client): registrations per IP and hour
   * (REGISTER_IP_HOURLY_LIMIT, default 20) and SMS codes sent per IP and day (SMS_IP_DAILY_LIMIT,
   * default 30). docs/security.md "Rate limits".
   */
  ipLimits: { registerPerHour: number; smsPerDay: number };
  /**
   * Upload limits (docs/security.md "Limits"): uploads per owner (buyer or shop) per minute
   * (UPLOAD_MINUTE_LIMIT, default 20) and per day (UPLOAD_DAILY_LIMIT, 200), per IP per minute
   * (UPLOAD_IP_MINUTE_LIMIT, 60) and per day (UPLOAD_IP_DAILY_LIMIT, 1000), and each owner's
   * storage quota (UPLOAD_QUOTA_MB, 200 MB).
   */
  uploadLimits: UploadLimits;
  /** Unused uploads are removed once older than this many hours (UPLOAD_CLEANUP_HOURS, default 24). */
  uploadCleanupHours: number;
  /** Demo-only things a production start must allow explicitly (src/server/production-guard.ts). */
  allow: { sandboxPayments: boolean; devSms: boolean; demoSeed: boolean };
  /**
   * How often (ms) the public content changes of other processes are looked up (CONTENT_POLL_MS,
   * default 1000): the render cache and the read models drop what changed. Writes through this
   * process's API are seen at once.
   */
  contentPollMs: number;
  /**
   * Memory bound of the read models (READ_MODEL_MAX_BYTES, default 64 MB, estimated): the public
   * ones keep up to this much, the buyers' (sessions, carts) up to half of it. docs/performance.md.
   */
  readModelMaxBytes: number;
  /**
   * DEV_CLOCK=1: POST /api/dev/jobs/run {now, kinds} runs due jobs as of a given time (browser
   * tests of scheduled renovations; src/server/api/dev-clock.ts). Never in production.
   */
  devClock: boolean;
  /**
   * Secret of the platform API (/api/platform/…: store application review, shop status), sent as
   * `Authorization: <token>` (PLATFORM_API_TOKEN). Development default "dev-platform-token";
   * production without it: "" → every platform call is refused.
   */
  platformApiToken: string;
}

/** A positive whole number from the environment, else `fallback`. */
function positiveInt(value: string | undefined, fallback: number): number {
  return /^[1-9]\d{0,8}$/.test(value ?? "") ? Number(value) : fallback;
}

/** The secret stored in `dataDir/name`, created (random, 32 bytes hex) when missing; an in-memory one when the folder is not writable. */
function persistedSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  try {
    const existing = fs.readFileSync(file, "utf8").trim();
    if (existing) return existing;
  } catch {
    // not there yet
  }
  const secret = randomBytes(32).toString("hex");
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { encoding: "utf8", mode: 0o600, flag: "wx" });
    return secret;
  } catch {
    // created by another process meanwhile, or not writable
    try {
      const again = fs.readFileSync(file, "utf8").trim();
      if (again) return again;
    } catch {
      // not writable: this process only
    }
    return secret;
  }
}

/** The platform API secret outside production when PLATFORM_API_TOKEN is not set (demo and tests). */
export const DEV_PLATFORM_TOKEN = "dev-platform-token";

function storageKind(value: string | undefined): "local" | "database" {
  const v = (value ?? "").trim();
  if (v === "" || v === "local") return "local";
  if (v === "database") return "database";
  throw new Error(`STORAGE must be "local" or "database", not "${v.slice(0, 40)}"`);
}

/** Why a read replica can not be used with PGlite. */
const READ_URL_NEEDS_POSTGRES =
  "DATABASE_READ_URL is set but DATABASE_URL is not: a read replica needs PostgreSQL (PGlite is an embedded database of one process and has no replicas). Set DATABASE_URL to the primary, or unset DATABASE_READ_URL.";

/** DATABASE_READ_URL: only beside DATABASE_URL (PostgreSQL), and only a postgres:// URL. */
export function databaseReadUrl(env: NodeJS.ProcessEnv): string | undefined {
  const url = (env.DATABASE_READ_URL ?? "").trim();
  if (!url) return undefined;
  if (!env.DATABASE_URL) throw new Error(READ_URL_NEEDS_POSTGRES);
  if (!/^postgres(ql)?:\/\//.test(url))
    throw new Error("DATABASE_READ_URL must be a postgres:// URL of a streaming replica of DATABASE_URL");
  return url;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 4321);
  const host = env.HOST ?? "0.0.0.0";
  const dataDir = path.resolve(env.DATA_DIR ?? "data");
  return {
    port,
    host,
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReadUrl: databaseReadUrl(env),
    publicApiBase: env.PUBLIC_API_BASE ?? "/api",
    merchantPlatformUrl: env.MERCHANT_PLATFORM_URL ?? "http://localhost:9527",
    mobileMallUrl: env.MOBILE_MALL_URL ?? `http://localhost:${port}/`,
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    production: env.NODE_ENV === "production",
    autoSeed: env.AUTO_SEED !== "0",
    // Production without PREVIEW_SECRET: empty → every preview token is refused. Elsewhere a random
    // secret kept in DATA_DIR (never a guessable constant).
    previewSecret:
      env.PREVIEW_SECRET || (env.NODE_ENV === "production" ? "" : persistedSecret(dataDir, "preview-secret")),
    // Production without PAYMENT_SECRET: "" and the start is refused (production-guard.ts); a secret of
    // this process's own would not verify what another process signed.
    paymentSecret:
      env.PAYMENT_SECRET || (env.NODE_ENV === "production" ? "" : persistedSecret(dataDir, "payment-secret")),
    paymentProvider: env.PAYMENT_PROVIDER || "sandbox",
    smsProvider: env.SMS_PROVIDER || "dev-outbox",
    storage: storageKind(env.STORAGE),
    trustProxy: (env.TRUST_PROXY ?? "")
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
    ipLimits: {
      registerPerHour: positiveInt(env.REGISTER_IP_HOURLY_LIMIT, 20),
      smsPerDay: positiveInt(env.SMS_IP_DAILY_LIMIT, 30),
    },
    uploadLimits: {
      ownerPerMinute: positiveInt(env.UPLOAD_MINUTE_LIMIT, 20),
      ownerPerDay: positiveInt(env.UPLOAD_DAILY_LIMIT, 200),
      ipPerMinute: positiveInt(env.UPLOAD_IP_MINUTE_LIMIT, 60),
      ipPerDay: positiveInt(env.UPLOAD_IP_DAILY_LIMIT, 1000),
      quotaBytes: positiveInt(env.UPLOAD_QUOTA_MB, 200) * 1024 * 1024,
    },
    uploadCleanupHours: positiveInt(env.UPLOAD_CLEANUP_HOURS, 24),
    allow: {
      sandboxPayments: env.ALLOW_SANDBOX_PAYMENTS === "1",
      devSms: env.ALLOW_DEV_SMS === "1",
      demoSeed: env.ALLOW_DEMO_SEED === "1",
    },
    platformApiToken: env.PLATFORM_API_TOKEN || (env.NODE_ENV === "production" ? "" : DEV_PLATFORM_TOKEN),
    contentPollMs: /^\d+$/.test(env.CONTENT_POLL_MS ?? "") ? Number(env.CONTENT_POLL_MS) : 1000,
    readModelMaxBytes: positiveInt(env.READ_MODEL_MAX_BYTES, 64 * 1024 * 1024),
    devClock: env.DEV_CLOCK === "1",
  };
}
