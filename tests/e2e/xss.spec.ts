/**
 * Stored XSS (docs/security.md "Security tests"): the corpus tests/e2e/fixtures/xss-vectors.txt
 * is stored through the API in every text a buyer or a merchant can enter — nickname, addresses,
 * order message, invoice title, logistics traces, review, shop reply, refund description, store
 * application, chat, a shop's decoration (picture titles, headlines, captions) and discount names —
 * and the pages that show them are rendered in Chromium with alert / confirm /
 * prompt hooked and CSP violations recorded: nothing runs, nothing is injected (no element gets an
 * event-handler attribute or a javascript: link), and each text is shown as text.
 *
 * Texts with many entries (addresses, traces, chat messages) carry the whole corpus; a text with
 * one value per order (remarks, invoice, review, reply, refund, store application, nickname) takes
 * as many vectors as its length allows, each one a different slice of the corpus.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { registerBuyer } from "./helpers.ts";

const VECTORS = fs
  .readFileSync(path.resolve("tests/e2e/fixtures/xss-vectors.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"));
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
/** A cheap product of shop 1 with plenty of stock. */
const PROD = { prodId: 66, shopId: 1 };
const SZ = { provinceId: 44, cityId: 4403, areaId: 440305 };

/** The corpus packed into as few values of at most `max` characters as it can (first fit, longest first; vectors joined by a space). */
function pack(vectors: string[], max: number): string[] {
  const bins: string[] = [];
  for (const v of [...vectors].filter((x) => x.length <= max).sort((a, b) => b.length - a.length)) {
    const i = bins.findIndex((b) => b.length + 1 + v.length <= max);
    if (i < 0) bins.push(v);
    else bins[i] = `${bins[i]} ${v}`;
  }
  return bins;
}

/** The next vectors of the corpus (rotating, skipping those too long) that fit in `max` characters, so each single text gets others. */
let cursor = 0;
function slice(max: number): string {
  let out = "";
  for (let tries = 0; tries < VECTORS.length; tries++) {
    const v = VECTORS[cursor++ % VECTORS.length]!;
    if ((out ? out.length + 1 : 0) + v.length <= max) out = out ? `${out} ${v}` : v;
    else if (out.length > max - 10) break;
  }
  return out;
}

type Call = <T = unknown>(method: "GET" | "POST" | "PUT", url: string, data?: unknown, token?: string) => Promise<T>;

function caller(request: APIRequestContext, defaultToken: string): Call {
  return async <T>(method: "GET" | "POST" | "PUT", url: string, data?: unknown, token = defaultToken) => {
    const res = await request.fetch(`/api${url}`, {
      method,
      headers: { Authorization: token, "Content-Type": "application/json" },
      ...(data === undefined ? {} : { data }),
    });
    const body = await res.json();
    expect(body.code, `${method} ${url} ${JSON.stringify(body).slice(0, 300)}`).toBe("00000");
    return body.data as T;
  };
}

/** Hooks installed before any page script: every dialog or CSP violation is a run (or an attempt). */
async function hook(page: Page): Promise<string[]> {
  const runs: string[] = [];
  await page.exposeFunction("__xssRun", (what: string) => void runs.push(what));
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown> & { __xssRun: (s: string) => void };
    for (const name of ["alert", "confirm", "prompt", "print"])
      w[name] = (arg: unknown) => void w.__xssRun(`${name}(${String(arg)}) on ${location.pathname}`);
    document.addEventListener(
      "securitypolicyviolation",
      (e) => void w.__xssRun(`CSP ${e.violatedDirective} blocked ${e.blockedURI} on ${location.pathname}`),
    );
  });
  page.on("dialog", (d) => {
    runs.push(`dialog ${d.message()}`);
    void d.dismiss();
  });
  page.on("console", (m) => {
    if (/Refused to (execute|load|apply)|Content Security Policy/i.test(m.text())) runs.push(`console: ${m.text()}`);
  });
  return runs;
}

/** Opens a page, waits until `shown` is on it as text, and checks nothing was injected. */
async function render(page: Page, url: string, shown: string[]): Promise<void> {
  await page.goto(url);
  for (const text of shown) {
    // the first vector of each stored value, as plain text (whitespace as the page lays it out)
    const probe = text.split(" ").slice(0, 2).join(" ").slice(0, 24);
    await expect
      .poll(
        async () => (await page.evaluate(() => document.body.textContent ?? "")).replace(/\s+/g, " ").includes(probe),
        { message: `${url} shows ${probe}`, timeout: 10_000 },
      )
      .toBe(true);
  }
  await page.waitForTimeout(300); // image errors and autofocus handlers fire by then
  const injected = await page.evaluate(() => {
    const found: string[] = [];
    for (const el of document.querySelectorAll("*")) {
      for (const a of el.getAttributeNames()) {
        const value = el.getAttribute(a) ?? "";
        if (/^on/i.test(a)) found.push(`<${el.localName} ${a}>`);
        if (
          /^(href|src|action|formaction|data|xlink:href)$/i.test(a) &&
          /^\s*(javascript|data:text\/html)/i.test(value)
        )
          found.push(`<${el.localName} ${a}=${value.slice(0, 40)}>`);
      }
      if (["iframe", "object", "embed", "base", "meta"].includes(el.localName) && el.closest("body"))
        found.push(`<${el.localName}>`);
    }
    return found;
  });
  expect(injected, url).toEqual([]);
}

test("the XSS corpus in every text a buyer or a merchant can enter: nothing runs", async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  expect(VECTORS.length).toBeGreaterThanOrEqual(60);
  const runs = await hook(page);
  const token = await registerBuyer(request, "xss");
  const call = caller(request, token);
  await page.context().addCookies([{ name: "token", value: token, url: baseURL! }]);
  const m = await (
    await request.post("/api/merchant/login", { data: { username: "shop01", password: "Shop1234" } })
  ).json();
  const merchant = m.data.accessToken as string;

  // Nickname (15 characters: the short vectors, one after another).
  const nicknames = VECTORS.filter((v) => v.length <= 15);
  expect(nicknames.length).toBeGreaterThanOrEqual(3);
  for (const nickName of nicknames) {
    await call("PUT", "/p/user/setUserInfo", { nickName });
    await render(page, "/en/user-center", [nickName]);
  }

  // Addresses: receiver (20) and street (100) of the 20 a buyer may keep (four fifths of the corpus;
  // traces and chat below carry all of it).
  const streets = pack(VECTORS, 100).slice(0, 20);
  const receivers = pack(VECTORS, 20);
  for (const [i, addr] of streets.entries()) {
    await call("POST", "/p/address/addAddr", {
      receiver: receivers[i % receivers.length],
      mobile: "13800138000",
      ...SZ,
      addr,
    });
  }
  await render(page, "/en/user-center/uc-address", streets);

  // Two orders of one piece: A with an order message and an invoice title, shipped with traces,
  // received, reviewed and replied to; B refunded with a description.
  const info = (await (await request.get("/api/prod/prodInfo", { params: { prodId: PROD.prodId } })).json()).data as {
    skuList: { skuId: number; stocks: number }[];
  };
  const sku = info.skuList.find((s) => s.stocks > 0)!;
  const buy = async (remarks: string, headerName: string) => {
    const conf = await call<{ uuid: string }>("POST", "/p/order/confirm", {
      orderItem: { prodId: PROD.prodId, skuId: sku.skuId, prodCount: 1, shopId: PROD.shopId },
    });
    const sub = await call<{ orderNumbers: string }>("POST", "/p/order/submit", {
      uuid: conf.uuid,
      orderShopParams: [{ shopId: PROD.shopId, remarks }],
      orderInvoiceList: [{ shopId: PROD.shopId, invoiceType: 1, headerName }],
    });
    // pay through the sandbox provider with the payment's page key, as its page would
    const pay = await call<{ payNo: string; codeUrl: string }>("POST", "/p/order/pay", {
      orderNumbers: sub.orderNumbers,
      payType: 3,
    });
    const key = new URL(pay.codeUrl, baseURL).searchParams.get("key");
    await call("POST", "/pay/sandbox/complete", { payNo: pay.payNo, key });
    return sub.orderNumbers;
  };
  const remarksA = slice(100);
  const headerA = slice(100);
  const orderA = await buy(remarksA, headerA);
  const detail = await call<{ orderItems: { orderItemId: number }[] }>(
    "GET",
    `/merchant/orders/${orderA}`,
    undefined,
    merchant,
  );
  const itemId = detail.orderItems[0]!.orderItemId;
  await call(
    "POST",
    `/merchant/orders/${orderA}/ship`,
    { packages: [{ dvyId: 1, dvyFlowId: `SF${orderA.slice(-10)}` }] },
    merchant,
  );
  const shipped = await call<{ deliveries: { orderDeliveryId: number }[] }>(
    "GET",
    `/merchant/orders/${orderA}`,
    undefined,
    merchant,
  );
  const deliveryId = shipped.deliveries[0]!.orderDeliveryId;
  const stations = pack(VECTORS, 200);
  for (const acceptStation of stations)
    await call("POST", `/merchant/deliveries/${deliveryId}/traces`, { state: 1, acceptStation }, merchant);
  await render(page, `/en/order-detail?orderNumber=${orderA}`, [remarksA, ...stations]);
  await render(page, `/en/invoice-detail?orderNumber=${orderA}`, [headerA]);

  await call("PUT", `/p/myOrder/receipt/${orderA}`);
  const review = slice(150);
  const { prodCommId } = await call<{ prodCommId: number }>("POST", "/p/prodComm", {
    orderItemId: itemId,
    score: 5,
    content: review,
    isAnonymous: 0,
  });
  const reply = slice(200);
  await call("POST", `/merchant/reviews/${prodCommId}/reply`, { content: reply }, merchant);
  await render(page, `/en/detail/${PROD.prodId}`, [review, reply]);

  const orderB = await buy(slice(100), slice(100));
  const refundDesc = slice(200);
  const refund = await call<{ refundSn: string }>("POST", "/p/orderRefund/apply", {
    orderNumber: orderB,
    refundType: 1,
    applyType: 1,
    buyerReason: 1,
    refundAmount: "0.01",
    buyerMobile: "13800138000",
    buyerDesc: refundDesc,
    photoFiles: [],
  }).catch(async () => {
    // the whole paid amount, whatever the product costs today
    const o = await call<{ actualTotal: string | number }>("GET", `/p/myOrder/orderDetail?orderNumber=${orderB}`);
    return call<{ refundSn: string }>("POST", "/p/orderRefund/apply", {
      orderNumber: orderB,
      refundType: 1,
      applyType: 1,
      buyerReason: 1,
      refundAmount: String(o.actualTotal),
      buyerMobile: "13800138000",
      buyerDesc: refundDesc,
      photoFiles: [],
    });
  });
  await render(page, `/en/return-detail?refundSn=${refund.refundSn}`, [refundDesc]);

  // Store application: street and introduction (the shop name refuses markup characters outright;
  // images uploaded like the form does).
  const upload = async (folder = "identity") => {
    const res = await request.post("/api/p/file/upload", {
      headers: { Authorization: token },
      multipart: { file: { name: "a.png", mimeType: "image/png", buffer: PNG }, folder },
    });
    const body = await res.json();
    expect(body.code, JSON.stringify(body)).toBe("00000");
    return (body.data as { filePath: string }).filePath;
  };
  const [shopLogo, businessLicense, identityCardFront, identityCardLater] = [
    await upload("store"),
    await upload(),
    await upload(),
    await upload(),
  ];
  const shopName = `XSS shop ${Date.now() % 100000}`;
  const storeAddr = slice(100);
  const intro = slice(200);
  await call("POST", "/p/storeApplication", {
    shopName,
    mobile: "13800138000",
    ...SZ,
    addr: storeAddr,
    intro,
    shopLogo,
    businessLicense,
    identityCardFront,
    identityCardLater,
    type: 0,
  });
  await render(page, "/en/user-center/uc-shopaccount", [shopName]);
  // the platform opens the shop: its public page carries the introduction in its description
  const mine = await call<{ applyId: number }>("GET", "/p/storeApplication");
  const opened = await call<{ shopId: number }>(
    "POST",
    `/platform/storeApplications/${mine.applyId}/approve`,
    { open: true },
    "dev-platform-token",
  );
  await render(page, `/en/shopIndex?sid=${opened.shopId}`, [shopName]);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /alert\(/);

  // Chat with shop 1: the whole corpus in messages of up to 500 characters.
  const messages = pack(VECTORS, 500);
  for (const content of messages) await call("POST", "/p/chat/messages", { shopId: PROD.shopId, msgType: 0, content });
  await render(page, `/en/chat?shopId=${PROD.shopId}`, messages);

  expect(runs).toEqual([]);
});

test("the XSS corpus in a shop's decoration and discount names: nothing runs", async ({ page, request }) => {
  test.setTimeout(120_000);
  const runs = await hook(page);
  const m = await (
    await request.post("/api/merchant/login", { data: { username: "shop01", password: "Shop1234" } })
  ).json();
  const merchant = m.data.accessToken as string;
  const shopId = m.data.shopId as number;
  const call = caller(request, merchant);
  const upload = await request.post("/api/merchant/file/upload", {
    headers: { Authorization: merchant },
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: PNG } },
  });
  const img = ((await upload.json()).data as { filePath: string }).filePath;
  const L = (s: string) => ({ zh: s, "zh-tw": s, en: s });

  // Decoration: slides whose title (60), headline (40) and caption (160, rich text: sanitised, so
  // only what survives is shown) carry the corpus; published as a page of the shop (not its home
  // page, which other tests show), then taken off again.
  const titles = pack(VECTORS, 60);
  const headlines = pack(VECTORS, 40);
  // (a caption's pictures must be the shop's own uploads: vectors with a picture go to the titles)
  const captions = pack(
    VECTORS.filter((v) => !/<img|<image|<svg|<picture|<video|<audio|<source|<input/i.test(v)),
    160,
  );
  const slides = Array.from({ length: Math.min(10, headlines.length) }, (_, i) => ({
    img,
    title: L(titles[i % titles.length]!),
    overlay: { headline: L(headlines[i]!), caption: L(captions[i % captions.length]!) },
  }));
  const content = [{ type: "picture_by", dataField: { size: 1920, picList: slides } }];
  const draft = await call<{ renovationId: number }>("POST", "/merchant/renovations", {
    name: "XSS",
    page: "page",
    content,
  });
  await call("POST", `/merchant/renovations/${draft.renovationId}/publish`, {});
  await render(page, `/en/select-decorate?renovationId=${draft.renovationId}&sid=${shopId}`, [
    slides[0]!.overlay.headline.en,
  ]);

  // Discount names (30 characters each), of discounts that start tomorrow (no price changes
  // today), shown on each discount's page.
  const names = pack(VECTORS, 30).slice(0, 6);
  const ids: number[] = [];
  for (const discountName of names)
    ids.push(
      (
        await call<{ discountId: number }>("POST", "/merchant/discounts", {
          discountName,
          discountRule: 0,
          discountItems: [{ needAmount: "100", discount: "1" }],
          startTime: new Date(Date.now() + 86_400_000).toISOString(),
          endTime: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        })
      ).discountId,
    );
  for (const [i, id] of ids.entries()) await render(page, `/en/discount-detail?discountId=${id}`, [names[i]!]);
  await render(page, "/en/special-discount", []);

  // The shop as it was: its discounts stopped, the page taken off.
  for (const id of ids) await call("POST", `/merchant/discounts/${id}/stop`, {});
  await call("POST", `/merchant/renovations/${draft.renovationId}/unpublish`, {});

  expect(runs).toEqual([]);
});
