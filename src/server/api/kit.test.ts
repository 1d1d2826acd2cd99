import { Hono, type Context } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { getT } from "../../i18n/index.ts";
import { CART_SETTLE_MAX } from "../../lib/cart/cart-limits.ts";
import { intField } from "../../lib/validation.ts";
import { CartError } from "../domain/cart/cart.ts";
import { DomainError } from "../domain/kernel/domain-error.ts";
import { OrderSubmitError } from "../domain/order/order-submit-payload.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError } from "./envelope.ts";
import { issueMessage, parse, pathId, readIdBody, readJson, readObject, run } from "./kit.ts";

const en = getT("en");
const zh = getT("zh");
const firstIssue = (schema: z.ZodType, value: unknown) => {
  const r = schema.safeParse(value);
  if (r.success) throw new Error("expected a problem");
  return r.error.issues[0]!;
};

const i18nKeyLike = (message: string) => /^[a-zA-Z]+\.[a-zA-Z.]+$/.test(message);

/** A router whose answers (and refusals thrown outside the kit) are those of the API. */
function app(route: (c: Context<ApiEnv>) => Response | Promise<Response>) {
  const a = new Hono<ApiEnv>();
  a.use("*", async (c, next) => {
    c.set("t", getT((c.req.header("accept-language") as "en" | "zh" | undefined) ?? "en"));
    await next();
  });
  a.all("/x/:id?", route);
  a.onError((err, c) =>
    err instanceof ApiError
      ? c.json({ code: err.code, msg: err.message })
      : c.json({ code: "other", msg: String(err) }, 500),
  );
  return a;
}

describe("issueMessage", () => {
  it("a message that is a translation key is shown as it is, in the caller's language", () => {
    const schema = z.object({ count: z.number({ error: "cart.badCount" }) });
    expect(issueMessage(en, firstIssue(schema, { count: "x" }))).toBe("Please enter a correct quantity");
    expect(issueMessage(zh, firstIssue(schema, { count: "x" }))).toBe(zh("cart.badCount"));
  });

  it("a generic message names the field (validation.fields, else the field's own name) with the rule's bounds", () => {
    const schema = z.object({ prodId: intField(1, 10), other: z.string().max(3) });
    expect(issueMessage(en, firstIssue(schema, { other: "a" }))).toBe(en("validation.required", { field: "Product" }));
    expect(issueMessage(en, firstIssue(schema, { prodId: 1, other: "abcd" }))).toBe(
      en("validation.outOfRange", { field: "other", max: 3 }),
    );
  });

  it("zod's own text becomes the generic message of its kind", () => {
    const issue = firstIssue(z.object({ prodId: z.number() }), { prodId: "x" });
    expect(i18nKeyLike(issue.message)).toBe(false);
    expect(issueMessage(en, issue)).toBe(en("validation.invalid", { field: "Product" }));
  });

  it("a group's own labels come first, then validation.fields", () => {
    const schema = z.object({
      receiver: z.string({ error: "validation.required" }),
      prodId: z.number({ error: "validation.invalid" }),
    });
    expect(issueMessage(en, firstIssue(schema, {}), "address")).toBe(en("validation.required", { field: "Receiver" }));
    expect(issueMessage(en, firstIssue(schema, { receiver: "r" }), "address")).toBe(
      en("validation.invalid", { field: "Product" }),
    );
    expect(issueMessage(en, firstIssue(schema, {}))).toBe(en("validation.required", { field: "receiver" }));
  });

  it("an item of a list is named by its list; a top-level list's item by its index", () => {
    const listed = z.object({ prodIds: z.array(z.number({ error: "validation.invalid" })) });
    expect(issueMessage(en, firstIssue(listed, { prodIds: [1, "x"] }))).toBe(
      en("validation.invalid", { field: "Products" }),
    );
    expect(issueMessage(en, firstIssue(z.array(z.number({ error: "validation.invalid" })), [1, 2, "x"]))).toBe(
      en("validation.invalid", { field: "2" }),
    );
  });
});

describe("parse", () => {
  it("an object with a hostile `length` where a list belongs is refused, not a 500", async () => {
    const list = z.array(z.number()).max(3);
    const a = app((c) => c.json(parse(c, list, { length: Object.create(null) as object })));
    const res = await a.request("/x");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ code: "A00001", msg: "The request is not valid" });
  });

  const schema = z.object({
    uuid: z.string({ error: "submitOrder.expired" }),
    basketIds: z.array(z.number({ error: "validation.invalid" })).optional(),
  });

  it("answers the value, or A00001 with the message (another code where options.codes says so)", async () => {
    const a = app((c) =>
      c.json(
        parse(
          c,
          schema,
          { uuid: c.req.query("u") ?? undefined, basketIds: c.req.query("b") ? [c.req.query("b")] : undefined },
          {
            labels: "submitOrder",
            codes: { "submitOrder.expired": "A03002" },
          },
        ),
      ),
    );
    expect(await (await a.request("/x?u=1")).json()).toEqual({ uuid: "1" });
    expect(await (await a.request("/x")).json()).toEqual({
      code: "A03002",
      msg: "The order has expired, please place it again",
    });
    expect(await (await a.request("/x?u=1&b=x")).json()).toEqual({
      code: "A00001",
      msg: en("validation.invalid", { field: "Cart items" }),
    });
  });
});

describe("bodies", () => {
  const echo = (read: (c: Context<ApiEnv>) => Promise<unknown>) => app(async (c) => c.json({ body: await read(c) }));
  const post = (a: Hono<ApiEnv>, body: string) =>
    a.request("/x", { method: "POST", body, headers: { "Content-Type": "application/json" } });

  it("readJson: JSON or A00001 'not valid JSON'; with `empty`, blank is that value and blanks around are ignored", async () => {
    const strict = echo((c) => readJson(c));
    expect(await (await post(strict, '{"a":1}')).json()).toEqual({ body: { a: 1 } });
    expect(await (await post(strict, "")).json()).toEqual({
      code: "A00001",
      msg: "The request body is not valid JSON",
    });
    expect(await (await post(strict, "\u00a0[]")).json()).toEqual({
      code: "A00001",
      msg: "The request body is not valid JSON",
    });
    const lenient = echo((c) => readJson(c, { empty: [] }));
    expect(await (await post(lenient, "  ")).json()).toEqual({ body: [] });
    expect(await (await post(lenient, "\u00a0[1]\u00a0")).json()).toEqual({ body: [1] });
    expect(await (await post(lenient, "{")).json()).toEqual({
      code: "A00001",
      msg: "The request body is not valid JSON",
    });
  });

  it("readObject: only a JSON object", async () => {
    const a = echo((c) => readObject(c));
    expect(await (await post(a, '{"a":1}')).json()).toEqual({ body: { a: 1 } });
    for (const bad of ["[1]", "null", "3", "x"])
      expect(await (await post(a, bad)).json(), bad).toEqual({
        code: "A00001",
        msg: "The request body is not valid JSON",
      });
  });

  it("readIdBody: a raw id, a JSON value or an object; blank is {}", async () => {
    const a = echo((c) => readIdBody(c, "prodId"));
    expect(await (await post(a, "12")).json()).toEqual({ body: { prodId: "12" } });
    expect(await (await post(a, '"12"')).json()).toEqual({ body: { prodId: "12" } });
    expect(await (await post(a, "true")).json()).toEqual({ body: { prodId: true } });
    expect(await (await post(a, '{"prodId":3}')).json()).toEqual({ body: { prodId: 3 } });
    expect(await (await post(a, "")).json()).toEqual({ body: {} });
    expect(await (await post(a, "{")).json()).toEqual({ code: "A00001", msg: "The request body is not valid JSON" });
  });
});

describe("run and pathId", () => {
  it("answers the value in the envelope; any DomainError with its code, data and message; other errors go on", async () => {
    const a = app((c) =>
      run(c, () => {
        switch (c.req.query("case")) {
          case "ok":
            return { n: 1 };
          case "cart":
            throw new CartError("settleMax");
          case "repeat":
            throw new OrderSubmitError(
              "submitOrder.repeatSubmit",
              "A03002",
              {},
              { orderNumbers: "1", duplicateError: 1 },
            );
          case "status":
            throw new DomainError("review.notFound", { httpStatus: 404 });
          case "id":
            return pathId(c, "id", "review.notFound");
          default:
            throw new Error("boom");
        }
      }),
    );
    const get = async (q: string, lang = "en") => {
      const res = await a.request(`/x${q}`, { headers: { "Accept-Language": lang } });
      return { status: res.status, body: await res.json() };
    };
    expect(await get("?case=ok")).toEqual({
      status: 200,
      body: { code: "00000", msg: null, data: { n: 1 }, success: true },
    });
    expect(await get("?case=cart", "zh")).toEqual({
      status: 200,
      body: { code: "A00001", msg: zh("cart.settleMax", { max: CART_SETTLE_MAX }), data: null, success: false },
    });
    expect((await get("?case=repeat")).body).toEqual({
      code: "A03002",
      msg: en("submitOrder.repeatSubmit"),
      data: { orderNumbers: "1", duplicateError: 1 },
      success: false,
    });
    expect(await get("?case=status")).toEqual({
      status: 404,
      body: { code: "A00001", msg: "Review not found", data: null, success: false },
    });
    expect((await get("/12?case=id")).body.data).toBe(12);
    for (const bad of ["0", "2147483648", "abc", "12345678901"])
      expect((await get(`/${bad}?case=id`)).body.msg, bad).toBe("Review not found");
    expect((await get("?case=boom")).status).toBe(500);
  });
});
