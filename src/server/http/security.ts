/**
 * Security headers on every response. Script and style hashes come from Astro's CSP support
 * (a <meta> policy in each page); this header adds what a meta policy cannot carry:
 * frame-ancestors (the site itself and the merchant platform, which previews decorated pages).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { AppConfig } from "../config.ts";

export function securityHeaders(config: AppConfig) {
  let merchantOrigin = "";
  try {
    merchantOrigin = new URL(config.merchantPlatformUrl).origin;
  } catch {
    merchantOrigin = "";
  }
  const csp = [
    `frame-ancestors 'self'${merchantOrigin ? ` ${merchantOrigin}` : ""}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
  ].join("; ");
  return (req: IncomingMessage, res: ServerResponse) => {
    res.setHeader("Content-Security-Policy", csp);
    // Astro writes its own policy (script/style hashes); add ours to it so both hold.
    const merge = (value: unknown) =>
      typeof value === "string" && !value.includes("frame-ancestors") ? `${value.replace(/;\s*$/, "")}; ${csp}` : value;
    const setHeader = res.setHeader.bind(res);
    res.setHeader = (name: string, value: number | string | readonly string[]) =>
      setHeader(name, name.toLowerCase() === "content-security-policy" ? (merge(value) as string) : value);
    const writeHead = res.writeHead.bind(res) as (...a: unknown[]) => ServerResponse;
    (res as { writeHead: unknown }).writeHead = (status: number, ...rest: unknown[]) => {
      const headers = rest.find((a) => a && typeof a === "object" && !Array.isArray(a)) as
        Record<string, unknown> | undefined;
      if (headers)
        for (const key of Object.keys(headers))
          if (key.toLowerCase() === "content-security-policy") headers[key] = merge(headers[key]);
      return writeHead(status, ...rest);
    };
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    const proto = String(req.headers["x-forwarded-proto"] ?? "");
    const secure = (req.socket as { encrypted?: boolean }).encrypted || proto.split(",")[0]?.trim() === "https";
    if (secure) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
  };
}
