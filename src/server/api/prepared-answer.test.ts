import type { IncomingMessage, ServerResponse } from "node:http";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { GOODS_CACHE_CONTROL } from "./http-cache.ts";
import { answerKey, prepareAnswer, sendPrepared, servePrepared } from "./prepared-answer.ts";

describe("prepared answers (they show goods)", () => {
  const answer = prepareAnswer({ prodId: 7, price: "49.00", totalStocks: 0 });

  it("are not kept by browsers, from the API app", async () => {
    const app = new Hono();
    app.get("/p", (c) => sendPrepared(c, answer));
    const res = await app.request("/p");
    expect(res.headers.get("cache-control")).toBe(GOODS_CACHE_CONTROL);
    expect(GOODS_CACHE_CONTROL).toMatch(/\bmax-age=0\b/);
    expect(await res.json()).toMatchObject({ data: { price: "49.00" } });
  });

  it("nor from the fast path, with the same headers", () => {
    const url = "/api/prod/prodInfo?prodId=7";
    const memo = {
      peek: <T>(key: string) => (key === answerKey("en", url) ? ({ prepared: answer } as T) : undefined),
    };
    const req = { url, headers: {}, socket: {} } as unknown as IncomingMessage;
    let head: string[] = [];
    const res = {
      writeHead: (_status: number, raw: string[]) => (head = raw),
      end: () => undefined,
    } as unknown as ServerResponse;
    expect(servePrepared(memo, "en", req, res, () => undefined)).toBe(true);
    const headers = new Map<string, string>();
    for (let i = 0; i < head.length; i += 2) headers.set(head[i]!.toLowerCase(), head[i + 1]!);
    expect(headers.get("cache-control")).toBe(GOODS_CACHE_CONTROL);
  });
});
