import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { logger, useLogSink } from "../../log.ts";
import { accessLogged, trackRequest } from "./access-log.ts";

describe("accessLogged", () => {
  it("logs pages and API calls, and health checks, scrapes and static files only when they fail", () => {
    expect(accessLogged("/detail/:id", 200)).toBe(true);
    expect(accessLogged("/api/p/order/submit", 200)).toBe(true);
    expect(accessLogged("/", 304)).toBe(true);
    for (const route of ["/api/health", "/api/health/ready", "/metrics", "/_astro/*", "/uploads/*", "/favicon.svg"]) {
      expect(accessLogged(route, 200), route).toBe(false);
      expect(accessLogged(route, 304), route).toBe(false);
      expect(accessLogged(route, 503), route).toBe(true);
    }
    expect(accessLogged("unmatched", 404)).toBe(true);
    // Only the health endpoints, not routes that start alike.
    expect(accessLogged("/api/healthy-shops", 200)).toBe(true);
  });
});

describe("trackRequest: one access line per answered request", () => {
  const lines: Record<string, unknown>[] = [];
  const observed: [string, string, number][] = [];
  let restore = () => {};
  let server: http.Server;
  let base = "";

  beforeAll(async () => {
    restore = useLogSink((line) => lines.push(JSON.parse(line) as Record<string, unknown>));
    server = http.createServer((req, res) => {
      trackRequest(req, res, { observe: (method, route, status) => observed.push([method, route, status]) });
      const url = req.url ?? "/";
      if (url.startsWith("/missing")) {
        res.statusCode = 404;
        res.end("no");
      } else if (url.startsWith("/api/health/ready")) {
        res.statusCode = url.includes("down") ? 503 : 200;
        res.end("{}");
      } else {
        res.setHeader("Content-Type", "text/plain");
        res.end("x".repeat(1000));
      }
    });
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    restore();
    await new Promise<void>((r) => server.close(() => r()));
  });
  afterEach(() => {
    lines.length = 0;
    observed.length = 0;
  });

  /** The access lines written for the request, once its answer is read (finish runs before the client sees the end). */
  const get = async (path: string, headers: Record<string, string> = {}) => {
    lines.length = 0;
    const res = await fetch(`${base}${path}`, { headers });
    await res.text();
    await new Promise((r) => setTimeout(r, 20));
    return { res, logged: lines.filter((l) => l.msg === "request") };
  };

  it("at info: method, route pattern, status, duration, request id and bytes — no query, address or ids", async () => {
    const { res, logged } = await get("/en/detail/123?keyword=secret-word&mobile=13800138000", {
      "X-Request-Id": "edge-42",
      Cookie: "token=abc",
    });
    expect(res.headers.get("x-request-id")).toBe("edge-42");
    expect(logged).toHaveLength(1);
    const line = logged[0]!;
    expect(line).toMatchObject({ level: "info", reqId: "edge-42", method: "GET", route: "/detail/:id", status: 200 });
    expect(typeof line.ms).toBe("number");
    // The answer's 1,000 bytes of body plus its headers.
    expect(line.bytes).toBeGreaterThan(1000);
    expect(line.bytes).toBeLessThan(1400);
    const text = JSON.stringify(line);
    for (const secret of ["secret-word", "13800138000", "123", "127.0.0.1", "abc"]) expect(text).not.toContain(secret);
    expect(observed).toEqual([["GET", "/detail/:id", 200]]);
  });

  it("a new request id when none (or a bad one) is sent", async () => {
    const { res, logged } = await get("/list", { "X-Request-Id": "bad id\u00e9" });
    const id = res.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged[0]).toMatchObject({ reqId: id, route: "/list" });
  });

  it("health checks and static files: counted, logged only when they fail or at debug", async () => {
    expect((await get("/api/health/ready")).logged).toEqual([]);
    expect((await get("/_astro/app.js")).logged).toEqual([]);
    expect((await get("/api/health/ready?down")).logged).toMatchObject([{ level: "info", status: 503 }]);
    expect((await get("/missing/x.js")).logged).toMatchObject([{ level: "info", route: "unmatched", status: 404 }]);
    expect(observed.map((o) => o[1])).toEqual(["/api/health/ready", "/_astro/*", "/api/health/ready", "unmatched"]);
    const before = logger.level;
    logger.level = "debug";
    try {
      expect((await get("/api/health/ready")).logged).toMatchObject([{ level: "debug", route: "/api/health/ready" }]);
    } finally {
      logger.level = before;
    }
  });

  it("nothing below the level: LOG_LEVEL=warn writes no access line", async () => {
    const before = logger.level;
    logger.level = "warn";
    try {
      expect((await get("/list")).logged).toEqual([]);
    } finally {
      logger.level = before;
    }
  });
});
