/**
 * Every route of SPEC §2 as a concrete URL (English), and the mall's own pages beside them (the
 * 404 page, a group-buy team, my group buys), for the checks that go over all pages:
 * design.spec.ts (no browser-default control, axe), html-valid.spec.ts (the Nu HTML checker) and
 * layout.spec.ts (screenshots, cut text, heading order). Ids come from the running server (links
 * of the public pages, the group-buy teams, the demo buyer's orders and refunds), never from
 * constants, so the list follows the demo data.
 *
 * `buyer: true` pages are opened logged in as the demo buyer (README "demo" / "Demo1234"); the
 * payment counter needs an unpaid order, which the demo buyer does not keep: `payment` pages
 * are opened by a fresh buyer (freshBuyer) with an order made through the API.
 */
import { expect, type APIRequestContext } from "@playwright/test";
import { PayType } from "../../src/lib/order/order-types.ts";

export interface Route {
  /** Short name for messages and file names. */
  name: string;
  /** Path with query, English locale. */
  path: string;
  /** Logged in as the demo buyer. */
  buyer?: boolean;
}

const EN = "/en";

/** The first `re` match (group 1) in the HTML of `path`; fails the test when there is none. */
async function firstMatch(request: APIRequestContext, path: string, re: RegExp): Promise<string> {
  const html = await (await request.get(`${EN}${path}`)).text();
  const m = re.exec(html);
  expect(m, `${re} on ${path}`).not.toBeNull();
  return m![1]!;
}

/** The demo buyer's access token. */
export async function demoToken(request: APIRequestContext): Promise<string> {
  const body = await (await request.post("/api/login", { data: { userName: "demo", passWord: "Demo1234" } })).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  return body.data.accessToken as string;
}

async function getData<T>(request: APIRequestContext, token: string, url: string): Promise<T> {
  const body = await (await request.get(`/api${url}`, { headers: { authorization: token } })).json();
  expect(body.code, `${url} ${JSON.stringify(body)}`).toBe("00000");
  return body.data as T;
}

const USER_CENTER = [
  "",
  "apply-return",
  "uc-account",
  "uc-address",
  "uc-balance",
  "uc-collection",
  "uc-comments",
  "uc-coupons",
  "uc-footprint",
  "uc-integral",
  "uc-order",
  "uc-password",
  "uc-return",
  "uc-shopaccount",
] as const;

/** The order number of a completed order of the demo buyer (seeded). */
export async function completedOrder(request: APIRequestContext, token: string): Promise<string> {
  const orders = await getData<{ records: { orderNumber: string; status: number }[] }>(
    request,
    token,
    "/p/myOrder/myOrder?status=0&current=1&size=50",
  );
  const done = orders.records.find((o) => o.status === 5);
  expect(done, "a completed order of the demo buyer").toBeDefined();
  return done!.orderNumber;
}

/** An order of the demo buyer whose invoice was asked for and may still be changed (the seed has one). */
export async function editableInvoiceOrder(request: APIRequestContext, token: string): Promise<string> {
  const orders = await getData<{ records: { orderNumber: string; status: number }[] }>(
    request,
    token,
    "/p/myOrder/myOrder?status=0&current=1&size=50",
  );
  for (const o of orders.records) {
    const res = await request.get(`/api/p/orderInvoice/info?orderNumber=${o.orderNumber}`, {
      headers: { authorization: token },
    });
    const body = (await res.json()) as { code: string; data: { editable: boolean } | null };
    if (body.code === "00000" && body.data?.editable) return o.orderNumber;
  }
  throw new Error("the demo buyer has no order with an invoice that may still be changed");
}

/**
 * All routes of SPEC §2 (public, member, user-center and the buyer's pages) but the payment
 * counter, then the 404 page, a group-buy team (/group-team) and my group buys
 * (/user-center/uc-group); the payment counter and the sandbox provider's page need a fresh
 * buyer's unpaid order (unpaidOrder, sandboxPayPath).
 */
export async function allRoutes(request: APIRequestContext, token: string): Promise<Route[]> {
  const [discountId, noticeId, seckillId, prodId, pointsProdId, shopId] = await Promise.all([
    firstMatch(request, "/special-discount", /discount-detail\?discountId=(\d+)/),
    firstMatch(request, "/notice-list", /notice-detail\?id=(\d+)/),
    firstMatch(request, "/flash-sale", /secdetail\/(\d+)/),
    firstMatch(request, "/list", /\/detail\/(\d+)/),
    firstMatch(request, "/member-center/integral-mall", /integral-det\/(\d+)/),
    firstMatch(request, "/shopList", /shopIndex\?sid=(\d+)/),
  ]);
  const seckillSkuId = await firstMatch(request, `/secdetail/${seckillId}`, /name="seckillSkuId"[^>]*value="(\d+)"/);
  const info = (await (await request.get("/api/prod/prodInfo", { params: { prodId } })).json()).data as {
    skuList: { skuId: number; stocks: number }[];
  };
  const skuId = info.skuList.find((s) => s.stocks > 0)?.skuId ?? info.skuList[0]!.skuId;
  const order = await completedOrder(request, token);
  const refunds = await getData<{ records: { refundSn: string }[] }>(
    request,
    token,
    "/p/orderRefund/list?current=1&size=10",
  );
  expect(refunds.records.length, "a refund of the demo buyer").toBeGreaterThan(0);
  // The buyer's flash-sale order path (valid 10-20 minutes), which the checkout needs.
  const orderPath = await getData<string>(request, token, `/p/seckill/orderPath?seckillId=${seckillId}`);
  const acts = (await (await request.get("/api/group/activities")).json()).data.records as {
    groupActivityId: number;
  }[];
  let groupTeamId: number | undefined;
  for (const a of acts) {
    const teams = (
      await (
        await request.get("/api/group/joinGroupList", { params: { groupActivityId: a.groupActivityId, showSize: 1 } })
      ).json()
    ).data as { groupTeamId: number }[];
    if ((groupTeamId = teams[0]?.groupTeamId)) break;
  }
  expect(groupTeamId, "a group-buy team one can join").toBeDefined();

  const pub = (name: string, path: string): Route => ({ name, path });
  const buyer = (name: string, path: string): Route => ({ name, path, buyer: true });
  return [
    pub("home", "/"),
    pub("cart", "/cart"),
    pub("coupons", "/coupons"),
    pub("discount-detail", `/discount-detail?discountId=${discountId}`),
    pub("flash-sale", "/flash-sale"),
    pub("forget-password", "/forget-password"),
    pub("group-buy", "/group-buy"),
    pub("list", "/list?cpid=1"),
    pub("login", "/login"),
    pub("newIndex", "/newIndex"),
    pub("notice-detail", `/notice-detail?id=${noticeId}`),
    pub("notice-list", "/notice-list"),
    pub("register", "/register"),
    // Renovation 3 is shop 1's published page (seeded; coupon.spec.ts uses it too).
    pub("select-decorate", "/select-decorate?renovationId=3&sid=1"),
    pub("shop-prod-list", `/shop-prod-list?sid=${shopId}`),
    pub("shopIndex", `/shopIndex?sid=${shopId}`),
    pub("shopList", "/shopList"),
    pub("special-discount", "/special-discount"),
    pub("termsPage", "/termsPage?sts=0"),
    pub("detail", `/detail/${prodId}`),
    pub("detail-none", "/detail"),
    pub("secdetail", `/secdetail/${seckillId}`),
    pub("secdetail-none", "/secdetail"),
    pub("buy-member", "/member-center/buy-member"),
    pub("integral-mall", "/member-center/integral-mall"),
    pub("member-center", "/member-center/member-center"),
    pub("member-equity", "/member-center/member-equity"),
    pub("integral-det", `/member-center/integral-det/${pointsProdId}`),
    pub("integral-det-none", "/member-center/integral-det"),
    buyer("chat", "/chat"),
    buyer("huanxin-chat", "/huanxin-chat"),
    buyer("invoice-detail", `/invoice-detail?orderNumber=${order}`),
    buyer("order-detail", `/order-detail?orderNumber=${order}`),
    buyer("return-detail", `/return-detail?refundSn=${refunds.records[0]!.refundSn}`),
    buyer("submit-integral-order", `/submit-integral-order?prodId=${pointsProdId}&count=1`),
    buyer("submit-order", `/submit-order?prodId=${prodId}&skuId=${skuId}&count=1`),
    buyer("weixin-pay", "/weixin-pay"),
    buyer("write-comments", `/write-comments?orderNumber=${order}`),
    buyer(
      "confirm-order",
      `/secdetail/confirm-order?seckillId=${seckillId}&seckillSkuId=${seckillSkuId}&count=1&path=${orderPath}`,
    ),
    ...USER_CENTER.map((p) =>
      buyer(
        p ? `uc-${p.replace(/^uc-/, "")}` : "user-center",
        p === "apply-return" ? `/user-center/apply-return?orderNumber=${order}` : `/user-center/${p}`,
      ),
    ),
    // Not in SPEC §2's list: the 404 page, a team page and my group buys.
    pub("not-found", "/no-such-page"),
    buyer("group-team", `/group-team?groupTeamId=${groupTeamId}`),
    buyer("uc-group", "/user-center/uc-group"),
  ].map((r) => ({ ...r, path: `${EN}${r.path}` }));
}

/** The sandbox provider's page (/sandbox-pay, English) of a new Alipay payment of `token`'s unpaid order. */
export async function sandboxPayPath(request: APIRequestContext, token: string, orderNumber: string): Promise<string> {
  const body = await (
    await request.post("/api/p/order/pay", {
      headers: { authorization: token, "accept-language": "en" },
      data: { payType: PayType.ALIPAY, orderNumbers: orderNumber },
    })
  ).json();
  expect(body.code, JSON.stringify(body)).toBe("00000");
  expect(body.data.payUrl).toMatch(/^\/en\/sandbox-pay\?payNo=/);
  return body.data.payUrl as string;
}

/** A new unpaid order of `token`'s buyer (buy now, one piece of the first product in stock). */
export async function unpaidOrder(request: APIRequestContext, token: string): Promise<string> {
  const list = await (await request.get("/api/search/searchProdPage", { params: { current: 1, size: 10 } })).json();
  for (const { prodId } of list.data.records as { prodId: number }[]) {
    const info = (await (await request.get("/api/prod/prodInfo", { params: { prodId } })).json()).data;
    const sku = (info.skuList as { skuId: number; stocks: number }[]).find((s) => s.stocks > 0);
    if (!sku) continue;
    const headers = { authorization: token };
    const conf = await (
      await request.post("/api/p/order/confirm", {
        headers,
        data: { orderItem: { prodId, skuId: sku.skuId, prodCount: 1, shopId: info.shop.shopId } },
      })
    ).json();
    expect(conf.code, JSON.stringify(conf)).toBe("00000");
    const sub = await (await request.post("/api/p/order/submit", { headers, data: { uuid: conf.data.uuid } })).json();
    expect(sub.code, JSON.stringify(sub)).toBe("00000");
    return sub.data.orderNumbers as string;
  }
  throw new Error("no product in stock");
}
