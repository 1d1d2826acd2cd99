import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeBrowser, type FakeBrowser } from "../helpers/fake-browser.ts";
import {
  ApiError,
  CLIENT_ERROR,
  createApiClient,
  needsAuth,
  REGISTER_OR_BIND_PATH,
  type ApiClientDeps,
} from "../../../src/client/api.ts";
import { $loginPopupOpen, $user, closeLoginPopup } from "../../../src/stores/index.ts";
import { getToken } from "../../../src/client/token.ts";

interface Call {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

function fakeFetch(answer: (url: string) => { status?: number; body: unknown } | Error) {
  const calls: Call[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    calls.push({ url, method: init?.method ?? "GET", headers: new Headers(init?.headers), body: init?.body });
    const a = answer(url);
    if (a instanceof Error) throw a;
    const text = typeof a.body === "string" ? a.body : JSON.stringify(a.body);
    return new Response(text, {
      status: a.status ?? 200,
      headers: { "content-type": typeof a.body === "string" ? "text/html" : "application/json" },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

const ok = (data: unknown) => ({ body: { code: "00000", msg: null, data, success: true } });
const fail = (code: string, msg: string | null = null, status = 200) => ({
  status,
  body: { code, msg, data: null, success: false },
});

let browser: FakeBrowser;
let toasts: string[];

function client(answer: Parameters<typeof fakeFetch>[0], extra: Partial<ApiClientDeps> = {}) {
  const f = fakeFetch(answer);
  const c = createApiClient({
    fetch: f.fetch,
    baseURL: "/api",
    toast: (m) => void toasts.push(m),
    translate: (k) => `t:${k}`,
    ...extra,
  });
  return { ...c, calls: f.calls };
}

beforeEach(() => {
  browser = installFakeBrowser("/");
  toasts = [];
  closeLoginPopup();
  $user.set(null);
  browser.document.cookie = "token=tok-123; Path=/";
  browser.document.cookie = "lang=en; Path=/";
});
afterEach(() => browser.restore());

describe("needsAuth (SPEC §6)", () => {
  it.each([
    ["/p/user/userInfo", true],
    ["/p/shopCart/prodCount?x=1", true],
    ["p/user/userInfo", true],
    [REGISTER_OR_BIND_PATH, true],
    ["/flowAnalysisLog", true],
    ["/p/flowAnalysisLog", true],
    ["https://chat.example.com/p/user/conversations", true],
    ["/webConfig/getPcWebConfig", false],
    ["/login", false],
    ["/prod/p/fake", false],
    ["/px/thing", false],
    ["/search/hotSearch?q=/p/", false],
  ])("%s → %s", (path, expected) => expect(needsAuth(path)).toBe(expected));
});

describe("headers", () => {
  it("sends Authorization (raw token) only on /p/ paths", async () => {
    const c = client(() => ok(1));
    await c.get("/p/user/userInfo");
    await c.get("/webConfig/getPcWebConfig");
    await c.post(REGISTER_OR_BIND_PATH, { a: 1 });
    await c.post("/flowAnalysisLog", { a: 1 });
    expect(c.calls[0]!.url).toBe("/api/p/user/userInfo");
    expect(c.calls[0]!.headers.get("authorization")).toBe("tok-123");
    expect(c.calls[1]!.headers.get("authorization")).toBeNull();
    expect(c.calls[2]!.headers.get("authorization")).toBe("tok-123");
    expect(c.calls[3]!.headers.get("authorization")).toBe("tok-123");
  });

  it("sends no Authorization without a token", async () => {
    browser.document.cookie = "token=; Max-Age=0";
    const c = client(() => ok(1));
    await c.get("/p/user/userInfo");
    expect(c.calls[0]!.headers.has("authorization")).toBe(false);
  });

  it("sends JSON content type and Accept-Language in the page locale, whatever the lang cookie says", async () => {
    browser.document.documentElement.dataset.locale = "en";
    browser.document.cookie = "lang=zh-tw; Path=/";
    const c = client(() => ok(1));
    await c.get("/search/hotSearch", { number: 4, sort: 1, empty: undefined });
    expect(c.calls[0]!.headers.get("content-type")).toBe("application/json");
    expect(c.calls[0]!.headers.get("accept-language")).toBe("en");
    expect(c.calls[0]!.url).toBe("/api/search/hotSearch?number=4&sort=1");
  });

  it("a zh page asks in zh although the lang cookie says en", async () => {
    browser.document.documentElement.dataset.locale = "zh";
    const c = client(() => ok(1));
    await c.get("/x");
    expect(c.calls[0]!.headers.get("accept-language")).toBe("zh");
  });

  it("without <html data-locale> the URL prefix decides, not the cookie", async () => {
    browser.restore();
    browser = installFakeBrowser("/zh-tw/cart");
    browser.document.cookie = "lang=en; Path=/";
    const c = client(() => ok(1));
    await c.get("/x");
    expect(c.calls[0]!.headers.get("accept-language")).toBe("zh-tw");
  });

  it("sends JSON bodies, also for DELETE", async () => {
    const c = client(() => ok(null));
    await c.del("/p/shopCart/deleteItem", [1, 2]);
    expect(c.calls[0]!.method).toBe("DELETE");
    expect(c.calls[0]!.body).toBe("[1,2]");
  });

  it("leaves the content type of FormData to the browser", async () => {
    const c = client(() => ok("url"));
    const fd = new FormData();
    fd.append("file", new Blob(["x"]), "a.png");
    await c.post("/p/file/uploadImFile", fd);
    expect(c.calls[0]!.headers.get("content-type")).toBeNull();
  });
});

describe("envelope", () => {
  it("unwraps data on success", async () => {
    const c = client(() => ok({ a: 1 }));
    await expect(c.get<{ a: number }>("/x")).resolves.toEqual({ a: 1 });
  });

  it("needs success === true as well as code 00000", async () => {
    const c = client(() => ({ body: { code: "00000", msg: null, data: 1, success: false } }));
    await expect(c.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual([]);
  });

  it("A00004 clears the token and opens the login popup", async () => {
    $user.set({ userId: "1", nickName: "n", userAvatar: null, userMobile: null, username: "u" });
    const c = client(() => fail("A00004", "unauthorized"));
    const err = await c.get("/p/user/userInfo").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe("A00004");
    expect((err as ApiError).handled).toBe(true);
    expect(getToken()).toBeNull();
    expect($user.get()).toBeNull();
    expect($loginPopupOpen.get()).toBe(true);
    expect(toasts).toEqual([]);
  });

  it("A00004 on a collection check does not open the popup", async () => {
    const c = client(() => fail("A00004"));
    await expect(c.get("/p/user/collection/isCollection", { prodId: 1 })).rejects.toMatchObject({ code: "A00004" });
    await expect(c.get("/p/shop/collection/isCollection")).rejects.toMatchObject({ code: "A00004", handled: false });
    expect(getToken()).toBeNull();
    expect($loginPopupOpen.get()).toBe(false);
  });

  it("A00004 with dontShowLogin does not open the popup", async () => {
    const c = client(() => fail("A00004"));
    await expect(c.get("/p/shopCart/prodCount", undefined, { dontShowLogin: true })).rejects.toMatchObject({
      code: "A00004",
    });
    expect(getToken()).toBeNull();
    expect($loginPopupOpen.get()).toBe(false);
  });

  it("A00001 toasts the server message", async () => {
    const c = client(() => fail("A00001", "库存不足"));
    await expect(c.post("/p/order/submit", {})).rejects.toMatchObject({
      code: "A00001",
      msg: "库存不足",
      handled: true,
    });
    expect(toasts).toEqual(["库存不足"]);
  });

  it("A00001 without a message toasts the translated Error", async () => {
    const c = client(() => fail("A00001", null));
    await expect(c.get("/x")).rejects.toMatchObject({ code: "A00001" });
    expect(toasts).toEqual(["t:error"]);
  });

  it("A03002 toasts the message", async () => {
    const c = client(() => fail("A03002", "do not submit twice"));
    await expect(c.post("/p/order/submit", {})).rejects.toMatchObject({ code: "A03002" });
    expect(toasts).toEqual(["do not submit twice"]);
  });

  it("A00005 toasts the server-error text, even with HTTP 500", async () => {
    const c = client(() => fail("A00005", "stack trace", 500));
    await expect(c.get("/x")).rejects.toMatchObject({ code: "A00005", status: 500 });
    expect(toasts).toEqual(["t:serverError"]);
  });

  it("reads the envelope of a 404", async () => {
    const c = client(() => fail("A00013", "No such API endpoint", 404));
    await expect(c.get("/nope")).rejects.toMatchObject({
      code: "A00013",
      msg: "No such API endpoint",
      status: 404,
      handled: false,
    });
    expect(toasts).toEqual([]);
  });

  it("other codes reject without a toast", async () => {
    const c = client(() => fail("A03010", "no stock"));
    await expect(c.get("/x")).rejects.toMatchObject({ code: "A03010", msg: "no stock" });
    expect(toasts).toEqual([]);
    expect($loginPopupOpen.get()).toBe(false);
  });

  it("silent suppresses toasts", async () => {
    const c = client(() => fail("A00001", "msg"));
    await expect(c.get("/x", undefined, { silent: true })).rejects.toMatchObject({ code: "A00001", handled: false });
    expect(toasts).toEqual([]);
  });

  it("a network failure toasts the network error", async () => {
    const c = client(() => new TypeError("Failed to fetch"));
    await expect(c.get("/x")).rejects.toMatchObject({ code: CLIENT_ERROR.NETWORK });
    expect(toasts).toEqual(["t:networkError"]);
  });

  it("a non-envelope answer is a bad response", async () => {
    const c = client(() => ({ status: 502, body: "<html>Bad gateway</html>" }));
    await expect(c.get("/x")).rejects.toMatchObject({ code: CLIENT_ERROR.BAD_RESPONSE, status: 502 });
    expect(toasts).toEqual(["t:serverError"]);
  });

  it("raw() returns the body as is", async () => {
    const c = client(() => ({ body: { code: 200, data: { rate: 22.5 } } }));
    await expect(c.raw("GET", "/cyExchange")).resolves.toEqual({ code: 200, data: { rate: 22.5 } });
  });
});

describe("default translations", () => {
  it("use the client namespace of the page locale", async () => {
    browser.document.documentElement.dataset.locale = "en";
    const f = fakeFetch(() => fail("A00005"));
    const c = createApiClient({ fetch: f.fetch, toast: (m) => void toasts.push(m) });
    await expect(c.get("/x")).rejects.toBeInstanceOf(ApiError);
    expect(toasts).toEqual(["The server had a small error"]);
  });
});
