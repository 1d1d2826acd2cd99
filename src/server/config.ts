import path from "node:path";

/** Process configuration, read once from the environment. Defaults are documented in .env.example. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicApiBase: string;
  merchantPlatformUrl: string;
  mobileMallUrl: string;
  siteUrl: string;
  production: boolean;
  /** Skip the automatic seed on an empty database (tests seed themselves). */
  autoSeed: boolean;
  /** HMAC secret of the signed decoration preview links (src/server/domain/renovation-preview.ts); "" disables previews. */
  previewSecret: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 4321);
  const host = env.HOST ?? "0.0.0.0";
  return {
    port,
    host,
    dataDir: path.resolve(env.DATA_DIR ?? "data"),
    databaseUrl: env.DATABASE_URL || undefined,
    publicApiBase: env.PUBLIC_API_BASE ?? "/api",
    merchantPlatformUrl: env.MERCHANT_PLATFORM_URL ?? "http://localhost:9527",
    mobileMallUrl: env.MOBILE_MALL_URL ?? `http://localhost:${port}/`,
    siteUrl: (env.SITE_URL ?? `http://localhost:${port}`).replace(/\/$/, ""),
    production: env.NODE_ENV === "production",
    autoSeed: env.AUTO_SEED !== "0",
    // Production without PREVIEW_SECRET: empty → every preview token is refused (no guessable default).
    previewSecret: env.PREVIEW_SECRET || (env.NODE_ENV === "production" ? "" : "dev-preview-secret-change-me"),
  };
}
