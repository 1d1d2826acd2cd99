/**
 * Route body limits: the one table of src/server/http/body-limit.ts. The API's NUL check reads a
 * small body of declared length once, for the handler too (src/server/api/app.ts): that is only
 * safe while no route limit is smaller than SMALLEST_ROUTE_BODY_LIMIT. Also: every entry names a
 * route the API has, no router sets a limit of its own, and a body over a route's limit is
 * answered 413 with the route's message in the caller's language, before any token is looked at.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { getT } from "../../src/i18n/index.ts";
import { createApi, SMALLEST_ROUTE_BODY_LIMIT } from "../../src/server/api/app.ts";
import type { AppContext } from "../../src/server/context.ts";
import {
  BODY_MAX_BYTES,
  bodyLimitOf,
  ROUTE_BODY_LIMITS,
  UPLOAD_BODY_MAX_BYTES,
} from "../../src/server/http/body-limit.ts";

const API = path.resolve(import.meta.dirname, "../../src/server/api");

/** Enough of an app for answers that come before any handler (the body limit, the token checks). */
const app = { content: { feed: { expire() {} } } } as unknown as AppContext;

/** An API path of the table with its parameters filled in. */
const concrete = (p: string) => p.replace(/:[A-Za-z]+/g, "1");

describe("route body limits", () => {
  it("no route limit is below the size the NUL check reads once", () => {
    expect(ROUTE_BODY_LIMITS.length).toBeGreaterThan(10);
    expect(ROUTE_BODY_LIMITS.filter((l) => l.limit < SMALLEST_ROUTE_BODY_LIMIT)).toEqual([]);
    expect(Math.min(...ROUTE_BODY_LIMITS.map((l) => l.limit))).toBe(SMALLEST_ROUTE_BODY_LIMIT);
  });

  it("every limit is a route of the API, listed once; no router sets a limit of its own", () => {
    const routes = new Set(createApi(app).routes.map((r) => `${r.method} ${r.path}`));
    const entries = ROUTE_BODY_LIMITS.map((l) => `${l.method} ${l.path}`);
    expect(entries.filter((e) => !routes.has(e))).toEqual([]);
    expect(new Set(entries).size).toBe(entries.length);
    const sources = (fs.readdirSync(API, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts"));
    expect(sources.length).toBeGreaterThan(20);
    const own = sources.filter((f) => /hono\/body-limit|bodyLimit\(/.test(fs.readFileSync(path.join(API, f), "utf8")));
    expect(own).toEqual([]);
  });

  it("the table's limit and message for its routes (parameters and a trailing slash match), the default elsewhere", () => {
    for (const l of ROUTE_BODY_LIMITS) {
      expect(bodyLimitOf(l.method, concrete(l.path)), l.path).toEqual({ limit: l.limit, key: l.key });
      expect(bodyLimitOf(l.method, `${concrete(l.path)}/`), l.path).toEqual({ limit: l.limit, key: l.key });
    }
    expect(bodyLimitOf("GET", "/api/login")).toEqual({ limit: BODY_MAX_BYTES, key: "api.bodyTooLarge" });
    expect(bodyLimitOf("POST", "/api/p/address/addAddr")).toEqual({ limit: BODY_MAX_BYTES, key: "api.bodyTooLarge" });
    expect(bodyLimitOf("POST", "/api/merchant/reviews//reply")).toEqual({
      limit: BODY_MAX_BYTES,
      key: "api.bodyTooLarge",
    });
    expect(bodyLimitOf("POST", "/about")).toEqual({ limit: BODY_MAX_BYTES, key: "api.bodyTooLarge" });
  });

  it("one byte over a route's limit is 413 with the route's message (declared or streamed, zh and en)", async () => {
    const api = createApi(app);
    for (const l of ROUTE_BODY_LIMITS) {
      const body = "x".repeat(l.limit + 1);
      for (const [lang, declared] of [
        ["en", true],
        ["zh", false],
      ] as const) {
        const headers: Record<string, string> = { "Content-Type": "application/json", "Accept-Language": lang };
        if (declared) headers["Content-Length"] = String(body.length);
        const res = await api.request(concrete(l.path), { method: l.method, headers, body });
        expect(res.status, `${l.method} ${l.path} ${lang}`).toBe(413);
        expect(await res.json()).toEqual({ code: "A00001", msg: getT(lang)(l.key), data: null, success: false });
      }
    }
  });

  it("both image uploads share the upload limit and its message", () => {
    const uploads = ROUTE_BODY_LIMITS.filter((l) => l.path.startsWith("/api/p/file/"));
    expect(uploads.map((l) => `${l.method} ${l.path}`)).toEqual([
      "POST /api/p/file/upload",
      "POST /api/p/file/uploadImFile",
    ]);
    for (const l of uploads) expect(l).toMatchObject({ limit: UPLOAD_BODY_MAX_BYTES, key: "upload.imageTooLarge" });
  });

  it("a body of exactly the limit passes it (a buyer route then asks for the token)", async () => {
    const api = createApi(app);
    const buyer = ROUTE_BODY_LIMITS.filter((l) => l.path.startsWith("/api/p/"));
    expect(buyer.length).toBeGreaterThan(5);
    for (const l of buyer) {
      const body = "x".repeat(l.limit);
      const res = await api.request(concrete(l.path), {
        method: l.method,
        headers: { "Content-Type": "application/json", "Content-Length": String(body.length) },
        body,
      });
      expect(res.status, l.path).toBe(200);
      expect(((await res.json()) as { code: string }).code, l.path).toBe("A00004");
    }
  });
});
