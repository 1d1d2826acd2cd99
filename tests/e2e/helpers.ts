/** Shared bits of the browser tests. */
import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, type APIRequestContext, type BrowserContext, type Page } from "@playwright/test";
import { SMS_RESEND_SECONDS } from "../../src/lib/account/account-rules.ts";

export type Locale = "zh" | "zh-tw" | "en";
export const LOCALES: Locale[] = ["zh", "zh-tw", "en"];

/** URL prefix of a locale ("" for zh). */
export const prefix = (locale: Locale) => (locale === "zh" ? "" : `/${locale}`);
/** The localized home page. */
export const home = (locale: Locale) => (locale === "zh" ? "/" : `/${locale}/`);

const I18N_DIR = path.resolve("src/i18n");
const cache = new Map<string, Record<string, unknown>>();

/** The translation `ns.key.sub` of a locale, read from src/i18n/<locale>/<ns>.json (no interpolation). */
export function tr(locale: Locale, key: string): string {
  const [ns, ...rest] = key.split(".");
  const file = path.join(I18N_DIR, locale, `${ns}.json`);
  let json = cache.get(file);
  if (!json) {
    json = JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>;
    cache.set(file, json);
  }
  let v: unknown = json;
  for (const k of rest) v = (v as Record<string, unknown> | undefined)?.[k];
  if (typeof v !== "string") throw new Error(`missing translation ${locale}:${key}`);
  return v;
}

/** Han characters. */
export const HAN = /\p{Script=Han}/u;

/** Only the query string parameters of an href, as an object. */
export function queryOf(href: string): Record<string, string> {
  const u = new URL(href, "http://x");
  return Object.fromEntries(u.searchParams);
}

/** Collects console errors and failed same-origin requests of a page. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("pageerror", (e) => errors.push(`pageerror: ${e.message}`));
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(`console: ${m.text()}`);
  });
  return errors;
}

/**
 * Waits until every React island on the page has hydrated (Astro removes the `ssr` attribute of
 * <astro-island> then). Typing into a server-rendered form before that would be reset by React.
 */
export async function islandsReady(page: Page): Promise<void> {
  await expect(page.locator("astro-island[ssr]")).toHaveCount(0, { timeout: 15_000 });
}

const OUTBOX = path.join(process.env.MALL_E2E_DATA_DIR ?? "", "sms-outbox.jsonl");
const AREA = { provinceId: 31, cityId: 3101, areaId: 310104 };

export type Api = <T = unknown>(
  method: string,
  p: string,
  data?: unknown,
) => Promise<{ code: string; msg: string | null; data: T }>;

/** One message of the test server's dev SMS outbox (README "Demo account"). */
interface OutboxMessage {
  mobile: string;
  purpose: string;
  code: string;
  at: string;
}

/** The messages of the dev outbox so far, oldest first. */
function outboxMessages(): OutboxMessage[] {
  if (!fs.existsSync(OUTBOX)) return [];
  return fs
    .readFileSync(OUTBOX, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as OutboxMessage);
}

/** The newest SMS code of `mobile` for `purpose` sent since `since` (ms), read from the dev outbox of the test server. */
export async function outboxCode(mobile: string, since: number, purpose = "register"): Promise<string> {
  let code: string | null = null;
  await expect
    .poll(
      () => {
        const l = outboxMessages().findLast(
          (m) => m.mobile === mobile && m.purpose === purpose && Date.parse(m.at) >= since - 1000,
        );
        return (code = l?.code ?? null);
      },
      { message: `SMS code for ${mobile} (${purpose}) in ${OUTBOX}`, timeout: 10_000 },
    )
    .not.toBeNull();
  return code!;
}

/**
 * Waits until `mobile` may be sent a code again (the server sends one code per mobile per
 * SMS_RESEND_SECONDS, any purpose): that long after the newest code the outbox holds for it (none
 * for a mobile no other test sends a code to, but a retried test's first try).
 */
export async function resendAllowed(page: Page, mobile: string): Promise<void> {
  const newest = Math.max(
    0,
    ...outboxMessages()
      .filter((m) => m.mobile === mobile)
      .map((m) => Date.parse(m.at)),
  );
  await page.waitForTimeout(Math.max(0, newest + SMS_RESEND_SECONDS * 1000 + 1500 - Date.now()));
}

/** A new buyer (registered with an SMS code from the dev outbox) with an address, logged in in `context`; `username` for the platform API. */
export async function freshBuyer(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  tag: string,
): Promise<Api & { username: string }> {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const acc = { username: `${tag}_${n}`.slice(0, 16), mobile: `137${n}`, password: "abc12345" };
  const sentAt = Date.now();
  expect((await (await request.post("/api/sms/sendRegisterCode", { data: { mobile: acc.mobile } })).json()).code).toBe(
    "00000",
  );
  const validCode = await outboxCode(acc.mobile, sentAt);
  const reg = await (
    await request.post("/api/user/register", {
      data: {
        userName: acc.username,
        password: acc.password,
        confirmPassword: acc.password,
        mobile: acc.mobile,
        validCode,
        agreed: true,
      },
    })
  ).json();
  expect(reg.code, JSON.stringify(reg)).toBe("00000");
  const body = await (
    await request.post("/api/login", { data: { userName: acc.username, passWord: acc.password } })
  ).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  const token = body.data.accessToken as string;
  await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  const api: Api = async (method, p, data) =>
    (
      await request.fetch(`/api${p}`, {
        method,
        headers: { authorization: token, "content-type": "application/json" },
        ...(data === undefined ? {} : { data }),
      })
    ).json();
  const addr = await api("POST", "/p/address/addAddr", {
    receiver: "Li Lei",
    mobile: "13912345678",
    ...AREA,
    addr: "Nanjing Road 100, room 8",
  });
  expect(addr.code, JSON.stringify(addr)).toBe("00000");
  return Object.assign(api, { username: acc.username });
}

/** A fresh buyer (freshBuyer) logged in in `context`; answers the buyer's access token. */
export async function freshBuyerToken(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  tag: string,
): Promise<string> {
  await freshBuyer(request, context, baseURL, tag);
  return (await context.cookies()).find((c) => c.name === "token")!.value;
}

/** Gives a buyer balance through the platform API (development token). */
export async function giveBalance(request: APIRequestContext, username: string, amount: string): Promise<void> {
  const r = await (
    await request.post(`/api/platform/users/${encodeURIComponent(username)}/adjust`, {
      headers: { authorization: "dev-platform-token" },
      data: { kind: "balance", amount, reason: "e2e" },
    })
  ).json();
  expect(r.code, JSON.stringify(r)).toBe("00000");
}

/** On a checkout page (/submit-order, /secdetail/confirm-order): submit, pay by balance at the counter, land on the order detail. Answers the order number. */
export async function submitAndPayByBalance(page: Page, p: string): Promise<string> {
  await islandsReady(page);
  await page.getByTestId("so-submit").click();
  await page.waitForURL((u) => u.pathname === `${p}/payment`);
  const orderNumber = new URL(page.url()).searchParams.get("orderNumbers")!;
  await islandsReady(page);
  await page.getByTestId("pay-method-balance").click();
  await page.getByTestId("pay-submit").click();
  await page.getByTestId("pay-confirm-ok").click();
  await page.waitForURL(new RegExp(`/order-detail\\?orderNumber=${orderNumber}`));
  return orderNumber;
}

/** Registers a fresh buyer through the API (code from the dev outbox); answers the access token. */
export async function registerBuyer(request: APIRequestContext, tag: string): Promise<string> {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8);
  const mobile = `136${n}`;
  const sentAt = Date.now();
  expect((await (await request.post("/api/sms/sendRegisterCode", { data: { mobile } })).json()).code).toBe("00000");
  const validCode = await outboxCode(mobile, sentAt);
  const body = await (
    await request.post("/api/user/register", {
      data: {
        userName: `mo${tag}_${n}`.slice(0, 16),
        password: "abc12345",
        confirmPassword: "abc12345",
        mobile,
        validCode,
        agreed: true,
      },
    })
  ).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  return body.data.accessToken as string;
}

// ------------------------------------------------------------------ after-sales (review, refund, invoice)

const run = promisify(execFile);

/** Calls the API as one buyer; answers the envelope's data and fails the test unless its code is 00000. */
export type DataApi = <T = unknown>(method: "GET" | "POST" | "PUT", path: string, data?: unknown) => Promise<T>;

/** A fresh buyer (freshBuyer, with an address) given ¥1000 of balance, logged in in `context`. */
async function buyerWithBalance(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  tag: string,
): Promise<DataApi> {
  const api = await freshBuyer(request, context, baseURL, tag);
  await giveBalance(request, api.username, "1000");
  return async <T>(method: "GET" | "POST" | "PUT", p: string, data?: unknown) => {
    const res = await api<T>(method, p, data);
    expect(res.code, `${p} ${JSON.stringify(res)}`).toBe("00000");
    return res.data;
  };
}

/** The merchant CLI (`npm run ops`) as shop01 against the test server, with a token cache of its own per `spec`; answers its stdout. */
export type ShopOps = (baseURL: string, ...args: string[]) => Promise<string>;

export function shopOps(spec: string): ShopOps {
  const tokenFile = path.join(process.env.MALL_E2E_DATA_DIR ?? os.tmpdir(), `ops-tokens-${spec}.json`);
  return async (baseURL, ...args) => {
    const { stdout } = await run(
      process.execPath,
      [
        "--import",
        "tsx",
        "scripts/ops/main.ts",
        ...args,
        "--url",
        baseURL,
        "--user",
        "shop01",
        "--password",
        "Shop1234",
        "--token-file",
        tokenFile,
      ],
      { timeout: 30_000 },
    );
    return stdout;
  };
}

/** A cheap product of shop 1 with plenty of stock. */
export const AFTER_SALES_PROD = { prodId: 66, shopId: 1 };

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A 1×1 PNG to upload as `name`. */
export const png = (name: string) => ({ name, mimeType: "image/png", buffer: PNG });

/** A completed order of one piece of AFTER_SALES_PROD: buy now, pay with the balance, shipped by the shop (CLI), received. */
async function completedOrder(
  api: DataApi,
  baseURL: string,
  ops: ShopOps,
  invoice?: { invoiceType: 1 | 2; headerName: string; invoiceTaxNumber?: string },
): Promise<string> {
  const PROD = AFTER_SALES_PROD;
  const addrs = await api<{ addrId: number }[]>("GET", "/p/address/list");
  if (addrs.length === 0)
    await api("POST", "/p/address/addAddr", {
      receiver: "Demo Buyer",
      mobile: "13812345678",
      provinceId: 31,
      cityId: 3101,
      areaId: 310104,
      addr: "100 Century Avenue",
    });
  const info = await api<{ skuList: { skuId: number; stocks: number }[] }>(
    "GET",
    `/prod/prodInfo?prodId=${PROD.prodId}`,
  );
  const sku = info.skuList.find((s) => s.stocks > 0)!;
  const conf = await api<{ uuid: string }>("POST", "/p/order/confirm", {
    orderItem: { prodId: PROD.prodId, skuId: sku.skuId, prodCount: 1, shopId: PROD.shopId },
  });
  const sub = await api<{ orderNumbers: string }>("POST", "/p/order/submit", {
    uuid: conf.uuid,
    ...(invoice ? { orderInvoiceList: [{ shopId: PROD.shopId, ...invoice }] } : {}),
  });
  const orderNumber = sub.orderNumbers;
  const paid = await api<{ type: number }>("POST", "/p/order/pay", { orderNumbers: orderNumber, payType: 9 });
  expect(paid.type).toBe(1);
  expect(
    await ops(baseURL, "ship", orderNumber, "--company", "1", "--tracking", `SF${orderNumber.slice(-10)}`),
  ).toContain(orderNumber);
  await api("PUT", `/p/myOrder/receipt/${orderNumber}`);
  return orderNumber;
}

/** A fresh buyer with ¥1000 of balance, logged in in `context`, and a completed order of theirs (one piece of AFTER_SALES_PROD). */
export async function buyerWithCompletedOrder(
  request: APIRequestContext,
  context: BrowserContext,
  baseURL: string,
  tag: string,
  ops: ShopOps,
  invoice?: { invoiceType: 1 | 2; headerName: string; invoiceTaxNumber?: string },
): Promise<{ api: DataApi; orderNumber: string }> {
  const api = await buyerWithBalance(request, context, baseURL, tag);
  return { api, orderNumber: await completedOrder(api, baseURL, ops, invoice) };
}
