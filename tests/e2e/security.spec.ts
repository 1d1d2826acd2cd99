/**
 * Security checks against the real server (docs/security.md "Security tests"): the one body
 * limit at the door (API and pages), ids beyond the id columns on every page, uploads visible at
 * once, the login redirect staying on this site, the sandbox page needing its payment's key.
 * One locale (en) except where noted.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { islandsReady, tr } from "./helpers.ts";
import sharp from "sharp";

const MB = 1024 * 1024;
const OUTBOX = path.join(process.env.MALL_E2E_DATA_DIR!, "sms-outbox.jsonl");

/** A new buyer (SMS login creates the account) with one address; answers its token. */
export async function freshBuyer(request: APIRequestContext): Promise<string> {
  const mobile = `137${`${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-8)}`;
  const sentAt = Date.now();
  expect(
    ((await (await request.post("/api/sms/sendLoginCode", { data: { mobile } })).json()) as { code: string }).code,
  ).toBe("00000");
  let code = "";
  await expect
    .poll(
      () => {
        if (!fs.existsSync(OUTBOX)) return "";
        for (const line of fs.readFileSync(OUTBOX, "utf8").split("\n").filter(Boolean).reverse()) {
          const l = JSON.parse(line) as { mobile: string; purpose: string; code: string; at: string };
          if (l.mobile === mobile && l.purpose === "login" && Date.parse(l.at) >= sentAt - 1000) return (code = l.code);
        }
        return "";
      },
      { timeout: 10_000 },
    )
    .not.toBe("");
  const login = (await (
    await request.post("/api/smsLogin", { data: { userName: mobile, passWord: code } })
  ).json()) as { data: { accessToken: string } };
  const token = login.data.accessToken;
  const addr = await request.post("/api/p/address/addAddr", {
    headers: { Authorization: token },
    data: { receiver: "Test Buyer", mobile, provinceId: 44, cityId: 4403, areaId: 440305, addr: "Science Park Road 1" },
  });
  expect(((await addr.json()) as { code: string }).code).toBe("00000");
  return token;
}

async function demoToken(request: APIRequestContext): Promise<string> {
  const r = await request.post("/api/login", {
    data: { userName: "demo", passWord: "Demo1234" },
    headers: { "Accept-Language": "en" },
  });
  const body = (await r.json()) as { data: { accessToken: string } };
  return body.data.accessToken;
}

/** Buy now × 1 of an in-stock product, submitted without paying: answers the order number. */
export async function buyNowOrder(request: APIRequestContext, token: string, remarks = ""): Promise<string> {
  const h = { Authorization: token, "Accept-Language": "en" };
  const list = (
    (await (await request.get("/api/search/searchProdPage?current=2&size=20")).json()) as {
      data: { records: { prodId: number }[] };
    }
  ).data.records;
  for (const { prodId } of list) {
    const d = (
      (await (await request.get(`/api/prod/prodInfo?prodId=${prodId}`)).json()) as {
        data: { shop: { shopId: number }; skuList?: { skuId: number; stocks: number; status: number }[] };
      }
    ).data;
    const sku = d.skuList?.find((x) => x.status === 1 && x.stocks > 5);
    if (!sku) continue;
    const orderItem = { prodId, skuId: sku.skuId, shopId: d.shop.shopId, prodCount: 1 };
    const confirm = (await (
      await request.post("/api/p/order/confirm", { headers: h, data: { orderItem } })
    ).json()) as { code: string; data: { uuid: string } };
    expect(confirm.code, JSON.stringify(confirm)).toBe("00000");
    const submit = (await (
      await request.post("/api/p/order/submit", {
        headers: h,
        data: { uuid: confirm.data.uuid, orderShopParams: [{ shopId: d.shop.shopId, remarks }] },
      })
    ).json()) as { code: string; data: { orderNumbers: string } };
    expect(submit.code, JSON.stringify(submit)).toBe("00000");
    return submit.data.orderNumbers;
  }
  throw new Error("no product in stock");
}

test("bodies over the limit are refused at the door: 413 envelope for the API, 413/411 for pages", async ({
  request,
}) => {
  const big = "a".repeat(2 * MB);
  const api = await request.post("/api/login", {
    data: big,
    headers: { "Content-Type": "application/json", "Accept-Language": "en" },
  });
  expect(api.status()).toBe(413);
  expect(await api.json()).toEqual({ code: "A00001", msg: tr("en", "api.bodyTooLarge"), data: null, success: false });
  const page = await request.post("/en/cart", {
    data: big,
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
  });
  expect(page.status()).toBe(413);
  expect(await page.text()).toBe(tr("en", "api.bodyTooLarge"));
  // An upload may be larger than 1 MB (the 2 MB image limit decides).
  const token = await demoToken(request);
  const upload = await request.post("/api/p/file/upload", {
    headers: { Authorization: token, "Accept-Language": "en" },
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: Buffer.alloc(1.5 * MB, 1) } },
  });
  expect(upload.status()).toBe(200);
  expect(((await upload.json()) as { msg: string }).msg).toBe(tr("en", "upload.imageFormat"));
});

test("ids beyond the id columns' range are 'not found' on pages and the API, never a 500", async ({ request }) => {
  test.setTimeout(120_000);
  const huge = ["2147483648", "99999999999", "-1", "1.5", "9".repeat(40)];
  const pages = (id: string) => [
    `/en/shopIndex?sid=${id}`,
    `/en/shop-prod-list?sid=${id}`,
    `/en/shopIndex?sid=1&cid=${id}`,
    `/en/detail/${id}`,
    `/en/notice-detail?id=${id}`,
    `/en/list?cid=${id}`,
    `/en/list?cpid=${id}&cid=1`,
    `/en/list?thCid=${id}&st=0`,
    `/en/list?bid=${id}`,
    `/en/list?current=${id}`,
    `/en/select-decorate?renovationId=${id}&sid=1`,
    `/en/notice-list?shopId=${id}`,
    `/en/shopList?current=${id}`,
    `/en/termsPage?sts=${id}`,
    `/en/order-detail?orderNumber=${id}`,
    `/en/payment?orderNumbers=${id}`,
    `/en/weixin-pay?payNo=${id}`,
    `/en/sandbox-pay?payNo=${id}`,
  ];
  const apis = (id: string) => [
    `/api/shop/headInfo?shopId=${id}`,
    `/api/prod/prodInfo?prodId=${id}`,
    `/api/prod/skuList?prodId=${id}`,
    `/api/shop/notice/info/${id}`,
    `/api/category/categoryInfo?parentId=${id}`,
    `/api/search/searchProdPage?shopId=${id}`,
    `/api/shopRenovation/info?renovationId=${id}`,
    `/api/area/listByPid?pid=${id}`,
    `/api/prod/prodCommPageByProd?prodId=${id}`,
  ];
  for (const id of huge) {
    for (const url of pages(id)) {
      const r = await request.get(url);
      expect(r.status(), url).toBeLessThan(500);
    }
    for (const url of apis(id)) {
      const r = await request.get(url);
      expect(r.status(), url).toBeLessThan(500);
      expect(((await r.json()) as { code: string }).code, url).not.toBe("A00005");
    }
  }
  expect((await request.get("/en/shopIndex?sid=2147483648")).status()).toBe(404);
  expect((await request.get("/en/detail/99999999999")).status()).toBe(404);
});

test("a control character in a page's query answers the localized 400 page, in every locale, never a 500", async ({
  request,
}) => {
  const urls = [
    "/list?pn=%00",
    "/shopList?shopName=%00",
    "/shopList?shopName=x%00%0AFORGED4",
    "/shopIndex?sid=1&pn=%00",
    "/shop-prod-list?sid=1&pn=%00",
    "/list?keyword=a%0Db",
  ];
  const said = {
    zh: "网址中含有不允许的字符",
    "zh-tw": "網址中含有不允許的字元",
    en: "This address contains characters that are not allowed",
  };
  for (const [locale, text] of Object.entries(said))
    for (const url of urls) {
      const r = await request.get(`${locale === "zh" ? "" : `/${locale}`}${url}`);
      expect(r.status(), `${locale} ${url}`).toBe(400);
      const html = await r.text();
      expect(html, `${locale} ${url}`).toContain(text);
    }
  // A plain query still works.
  expect((await request.get("/en/shopList?shopName=x")).status()).toBe(200);
});

test("an uploaded image is served at once (no restart)", async ({ request }) => {
  const token = await demoToken(request);
  // the smallest valid PNG (1×1)
  const png = Buffer.from(
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
    "base64",
  );
  const r = await request.post("/api/p/file/upload", {
    headers: { Authorization: token },
    multipart: { file: { name: "a.png", mimeType: "image/png", buffer: png } },
  });
  const { filePath } = ((await r.json()) as { data: { filePath: string } }).data;
  expect(filePath).toMatch(/^\/uploads\/avatar\/[\w-]+\.png$/);
  const img = await request.get(filePath);
  expect(img.status()).toBe(200);
  expect(img.headers()["content-type"]).toBe("image/png");
  // The image pipeline stores a re-encoded copy without metadata (docs/image.md): the same picture,
  // not the same bytes.
  const served = await sharp(Buffer.from(await img.body())).metadata();
  expect([served.format, served.width, served.height]).toEqual(["png", 1, 1]);
});

test("login ?redirect= never leaves the site, whatever the path normalises to", async ({ page }) => {
  await page.goto("/en/login?redirect=%2F.%2F..%2F%2Fevil.example%2Fx");
  await islandsReady(page);
  const form = page.getByTestId("login-page");
  await form.getByLabel(tr("en", "account.username"), { exact: true }).fill("demo");
  await form.getByLabel(tr("en", "account.password"), { exact: true }).fill("Demo1234");
  await form.locator("#login-page-agree").check();
  await form.getByTestId("login-submit").click();
  await page.waitForURL((u) => u.pathname === "/en/");
  expect(new URL(page.url()).host).toBe(new URL(test.info().project.use.baseURL!).host);
});

test("the sandbox page and its Pay now need the payment's own key", async ({ request }) => {
  const token = await freshBuyer(request);
  const h = { Authorization: token, "Accept-Language": "en" };
  // an unpaid order, made through the buy-now path
  const submitted = { data: { orderNumbers: await buyNowOrder(request, token) } };
  const pay = (await (
    await request.post("/api/p/order/pay", {
      headers: h,
      data: { payType: 3, orderNumbers: submitted.data.orderNumbers },
    })
  ).json()) as { data: { payNo: string; payUrl: string } };
  const key = new URL(pay.data.payUrl, "http://x").searchParams.get("key")!;
  expect(key).toMatch(/^[\w-]{32}$/);
  // without the key: nothing shown, nothing paid
  const bare = await request.get(`/en/sandbox-pay?payNo=${pay.data.payNo}`);
  expect(bare.status()).toBe(404);
  const forged = await request.post("/api/pay/sandbox/complete", {
    headers: { "Accept-Language": "en" },
    data: { payNo: pay.data.payNo },
  });
  expect(((await forged.json()) as { msg: string }).msg).toBe(tr("en", "order.paymentNotFound"));
  expect(
    (
      (await (
        await request.get(`/api/p/myOrder/getOrderStatus?orderNumber=${submitted.data.orderNumbers}`, { headers: h })
      ).json()) as { data: number }
    ).data,
  ).toBe(1);
  // with it: the page shows the payment
  expect((await request.get(pay.data.payUrl)).status()).toBe(200);
});

test("X-Forwarded-For is ignored unless TRUST_PROXY names the proxy: per-IP limits can not be dodged", async ({
  request,
}) => {
  const name = `xff_${Date.now().toString(36)}`.slice(0, 16);
  // all tries in one 15-minute window
  if (900 - ((Date.now() / 1000) % 900) < 20) await new Promise((r) => setTimeout(r, 21_000));
  for (let i = 0; i < 10; i++) {
    const r = await request.post("/api/login", {
      headers: { "X-Forwarded-For": `203.0.113.${i + 1}`, "Accept-Language": "en" },
      data: { userName: name, passWord: "Wrong1234" },
    });
    expect(((await r.json()) as { msg: string }).msg).toBe(tr("en", "account.wrongCredentials"));
  }
  const r = await request.post("/api/login", {
    headers: { "X-Forwarded-For": "198.51.100.200", "Accept-Language": "en" },
    data: { userName: name, passWord: "Wrong1234" },
  });
  expect(((await r.json()) as { msg: string }).msg).toMatch(/^Too many attempts/);
});
