/**
 * The page sweep: every route of SPEC §2 (English, tests/e2e/routes.ts; logged in as the demo
 * buyer where the page needs it), each page loaded once, once its islands are ready, and checked
 * for
 * - the one set of controls (docs/design.md "Controls", src/styles/controls.css): every form
 *   control is one of the set's, drawn by it (`foreignControls` below states the rule);
 * - accessibility: no serious or critical axe violation (tests/e2e/axe.ts; a11y.spec.ts checks
 *   the browsing pages in the other locales).
 * Then the controls that a plain page load does not show: the address dialog and the invoice
 * form (they open on a click), the payment counter (a fresh buyer's unpaid order), a group-buy
 * product page (its SKU cards), a cart with a line, its checkout with a usable shop coupon (the
 * coupon select) and a chat with the shop (the compose box), for a fresh buyer who claims the
 * coupon and fills the cart through the API.
 * Every offending element is named with its page. The sweep runs in parts so that the workers
 * share it.
 */
import { expect, test, type Page, type Request, type TestInfo } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { freshBuyer, islandsReady } from "./helpers.ts";
import { allRoutes, demoToken, editableInvoiceOrder, unpaidOrder, type Route } from "./routes.ts";

/**
 * The form controls of the page that are not the project's (docs/design.md "Controls": the rule is
 * stated there, this is its executable form), described as `tag[type] "test id / id / name"
 * (what is wrong)`. Looked at: every rendered `input` (but hidden, submit, button, reset, image),
 * `select` and `textarea`, including visually hidden ones; not those under `display: none` or
 * `visibility: hidden` (a closed dialog, a `hidden` file input opened by a button).
 * - Membership: a radio is the direct child of `label.choice` or sits in `label.check` or
 *   `.rating`; a checkbox sits in `label.check`; a select carries `.select`; a text, tel,
 *   password, email, search, url or number field carries `.input`, or is the `.stepper-input`
 *   of a `.stepper` or the `.search-box-input` of a `.search-box`; a textarea carries
 *   `.textarea`; a file input is never drawn itself (1 px, `.visually-hidden`) and its `<label>`
 *   is an `.upload-tile` or a `.btn`. Any other input type is not in the set.
 * - Drawing: a control that is drawn (larger than 1 × 1 px) has computed `appearance: none`; a
 *   number field hides its spin buttons (a `::-webkit-inner-spin-button { appearance: none }` rule
 *   that applies to it).
 * - Look: the box of a text field, text area or select (the field, or its `.input-group`) has the
 *   1 px solid `--control-border` of controls.css while it is at rest (not focused, hovered,
 *   disabled or invalid): page CSS may size and place a control, never redraw it.
 */
function foreignControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const spinRules: string[] = [];
    const walk = (list: CSSRuleList) => {
      for (const r of Array.from(list)) {
        if (r instanceof CSSStyleRule && r.selectorText.includes("::-webkit-inner-spin-button")) {
          const none =
            r.style.getPropertyValue("appearance") === "none" ||
            r.style.getPropertyValue("-webkit-appearance") === "none";
          if (none)
            for (const part of r.selectorText.split(","))
              if (part.includes("::-webkit-inner-spin-button"))
                spinRules.push(part.replace("::-webkit-inner-spin-button", "").trim() || "*");
        } else if ("cssRules" in r) walk((r as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) {
      try {
        walk(sheet.cssRules);
      } catch {
        /* a cross-origin sheet: none of ours */
      }
    }
    const probe = document.createElement("div");
    probe.style.borderTop = "1px solid var(--control-border)";
    document.body.append(probe);
    const controlBorder = getComputedStyle(probe).borderTopColor;
    probe.remove();

    const TEXT = ["text", "tel", "password", "email", "search", "url", "number"];
    const SKIP = ["hidden", "submit", "button", "reset", "image"];
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>("input, select, textarea"))) {
      const type = el instanceof HTMLInputElement ? el.type : el.tagName.toLowerCase();
      if (SKIP.includes(type)) continue;
      if (!el.checkVisibility({ checkVisibilityCSS: true, visibilityProperty: true } as CheckVisibilityOptions))
        continue;
      const box = el.getBoundingClientRect();
      const drawn = box.width > 1 && box.height > 1;
      const cs = getComputedStyle(el);
      const parent = el.parentElement;
      const problems: string[] = [];
      let member: boolean;
      if (type === "radio")
        member = !!parent?.matches("label.choice") || !!el.closest("label.check") || !!el.closest(".rating");
      else if (type === "checkbox") member = !!el.closest("label.check");
      else if (type === "select") member = el.matches(".select");
      else if (type === "textarea") member = el.matches(".textarea");
      else if (TEXT.includes(type))
        member =
          el.matches(".input") ||
          (el.matches(".stepper-input") && !!parent?.matches(".stepper")) ||
          (el.matches(".search-box-input") && !!el.closest(".search-box"));
      else if (type === "file") {
        const labels = Array.from((el as HTMLInputElement).labels ?? []);
        member = !drawn && labels.some((l) => l.matches(".upload-tile, .btn"));
      } else member = false;
      if (!member) problems.push("not a control of controls.css");
      if (drawn && type !== "file" && cs.appearance !== "none") problems.push(`appearance: ${cs.appearance}`);
      if (drawn && type === "number" && !spinRules.some((s) => el.matches(s))) problems.push("spin buttons shown");
      if (member && drawn && el.matches(".input, .textarea, .select")) {
        const frame = parent?.matches(".input-group") ? parent : el;
        const resting =
          !frame.matches(":focus-within, :hover") &&
          !(el as HTMLInputElement).disabled &&
          !frame.querySelector('[aria-invalid="true"]') &&
          el.getAttribute("aria-invalid") !== "true";
        const f = getComputedStyle(frame);
        const border = `${f.borderTopWidth} ${f.borderTopStyle} ${f.borderTopColor}`;
        if (resting && border !== `1px solid ${controlBorder}`)
          problems.push(`border ${border}, not 1px solid ${controlBorder}`);
      }
      if (!problems.length) continue;
      const who =
        el.dataset.testid ||
        el.id ||
        el.getAttribute("name") ||
        el.closest("[data-testid]")?.getAttribute("data-testid") ||
        "";
      const cls = el.className ? `.${String(el.className).trim().split(/\s+/).join(".")}` : "";
      out.push(`${el.tagName.toLowerCase()}[${type}]${cls} ${who ? `"${who}" ` : ""}(${problems.join(", ")})`);
    }
    return out;
  });
}

/** The page's fetch/XHR requests to /api now in flight, and when the last one started or ended. */
interface ApiTraffic {
  open: Set<Request>;
  last: number;
}
const traffic = new WeakMap<Page, ApiTraffic>();

/** Starts counting the page's /api requests (once per page; before its first navigation). */
function trackApi(page: Page): ApiTraffic {
  const known = traffic.get(page);
  if (known) return known;
  const t: ApiTraffic = { open: new Set(), last: Date.now() };
  const isApi = (r: Request) =>
    ["fetch", "xhr"].includes(r.resourceType()) && new URL(r.url()).pathname.startsWith("/api/");
  page.on("request", (r) => {
    if (!isApi(r)) return;
    t.open.add(r);
    t.last = Date.now();
  });
  const done = (r: Request) => {
    if (!t.open.delete(r)) return;
    t.last = Date.now();
  };
  page.on("requestfinished", done);
  page.on("requestfailed", done);
  traffic.set(page, t);
  return t;
}

/**
 * Opens `path` and waits until the page is ready to be judged: every island hydrated, then no
 * request of the page's scripts to /api in flight for half a second (islands draw their
 * controls once their data is in). Fails, rather than judging a half-loaded page, when that
 * does not happen within 15 s.
 */
async function open(page: Page, path: string): Promise<void> {
  const t = trackApi(page);
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(500);
  await islandsReady(page);
  await expect
    .poll(() => t.open.size === 0 && Date.now() - t.last >= 500, {
      message: `${path}: the page's /api requests settle`,
      timeout: 15_000,
      intervals: [100],
    })
    .toBe(true);
}

/** Loads each route once; answers its browser-drawn controls and its serious/critical axe violations. */
async function sweep(page: Page, routes: Route[], testInfo: TestInfo): Promise<{ controls: string[]; axe: string[] }> {
  const found = { controls: [] as string[], axe: [] as string[] };
  for (const r of routes) {
    await open(page, r.path);
    for (const c of await foreignControls(page)) found.controls.push(`${r.path}: ${c}`);
    for (const v of await blockingViolations(page, r.path, `axe-${r.name}-en.json`, testInfo))
      found.axe.push(`${r.path}: ${v}`);
  }
  return found;
}

const PARTS = 8;
for (let part = 0; part < PARTS; part++) {
  test(`every SPEC §2 page: only the controls of the set, no serious axe violation (en, part ${part + 1}/${PARTS})`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(360_000);
    const token = await demoToken(request);
    const routes = (await allRoutes(request, token)).filter((_, i) => i % PARTS === part);
    const guest = await sweep(
      page,
      routes.filter((r) => !r.buyer),
      testInfo,
    );
    await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
    const buyer = await sweep(
      page,
      routes.filter((r) => r.buyer),
      testInfo,
    );
    expect([...guest.controls, ...buyer.controls], "controls not of the set").toEqual([]);
    expect([...guest.axe, ...buyer.axe], "serious/critical axe violations").toEqual([]);
  });
}

test("no foreign form control in the forms that open on a click: address dialog, invoice edit (en)", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  const token = await demoToken(request);
  await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
  // The area selects and the default checkbox open in a dialog.
  await open(page, "/en/user-center/uc-address");
  await page.getByTestId("uc-address-add").click();
  await expect(page.locator("select").first()).toBeVisible();
  expect(await foreignControls(page), "controls not of the set in the address dialog").toEqual([]);
  // The invoice's title and tax number (company invoices) open with "edit".
  await open(page, `/en/invoice-detail?orderNumber=${await editableInvoiceOrder(request, token)}`);
  await page.getByTestId("inv-edit").click();
  await page.getByTestId("inv-type-2").check();
  await expect(page.getByTestId("inv-tax-input")).toBeVisible();
  expect(await foreignControls(page), "controls not of the set in the invoice form").toEqual([]);
});

test("no foreign form control on the payment counter (en)", async ({ page, context, request, baseURL }, testInfo) => {
  test.setTimeout(90_000);
  await freshBuyer(request, context, baseURL!, "design");
  const token = (await context.cookies()).find((c) => c.name === "token")!.value;
  const order = await unpaidOrder(request, token);
  await open(page, `/en/payment?orderNumbers=${order}`);
  await expect(page.getByTestId("pay-method-balance")).toBeVisible();
  expect(await foreignControls(page), "controls not of the set on /payment").toEqual([]);
  expect(await blockingViolations(page, "/en/payment", "axe-payment-en.json", testInfo), "axe on /payment").toEqual([]);
});

test("no foreign form control on a group-buy product page (en)", async ({ page, request }) => {
  // The group-buy section (its SKU radio cards) is on the product pages of /group-buy.
  const html = await (await request.get("/en/group-buy")).text();
  const prodId = /\/detail\/(\d+)/.exec(html)?.[1];
  expect(prodId, "a product on /en/group-buy").toBeTruthy();
  await open(page, `/en/detail/${prodId}`);
  await expect(page.getByTestId("gb-form").locator('input[name="groupSkuId"]').first()).toBeAttached();
  await expect(page.getByTestId("qty-input")).toBeVisible();
  expect(await foreignControls(page), "controls not of the set on a group-buy product page").toEqual([]);
});

test("no foreign form control in a cart with a line, at its checkout with a usable shop coupon, in a chat (en)", async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const api = await freshBuyer(request, context, baseURL!, "design");
  // A product in stock whose own shop has a cash coupon this buyer can claim; enough pieces to
  // reach the coupon's threshold, so that the checkout offers it as usable.
  const list = await api<{ records: { prodId: number; shopId: number }[] }>(
    "GET",
    "/search/searchProdPage?current=1&size=30",
  );
  type Coupon = {
    couponId: number;
    shopId: number;
    couponType: number;
    cashCondition: string;
    canReceive: boolean;
    stocks: number;
  };
  let pick: { prodId: number; shopId: number; skuId: number; count: number; couponId: number } | null = null;
  for (const p of list.data.records) {
    const coupons = (await api<Coupon[]>("GET", `/p/myCoupon/listByProdId?prodId=${p.prodId}`)).data;
    const c = coupons.find((x) => x.shopId === p.shopId && x.couponType === 1 && x.canReceive && x.stocks >= 10);
    if (!c) continue;
    const info = (
      await api<{ skuList: { skuId: number; stocks: number; price: string }[] }>(
        "GET",
        `/prod/prodInfo?prodId=${p.prodId}`,
      )
    ).data;
    const sku = info.skuList.find((s) => s.stocks >= 10);
    if (!sku) continue;
    const count = Math.max(1, Math.ceil(Number(c.cashCondition) / Number(sku.price)));
    if (count > Math.min(sku.stocks, 20)) continue;
    pick = { prodId: p.prodId, shopId: p.shopId, skuId: sku.skuId, count, couponId: c.couponId };
    break;
  }
  expect(pick, "a product with a claimable cash coupon of its shop").not.toBeNull();
  const { prodId, shopId, skuId, count, couponId } = pick!;
  expect((await api("POST", "/p/myCoupon/receive", { couponId })).code).toBe("00000");
  expect((await api("POST", "/p/shopCart/changeItem", { prodId, skuId, shopId, count })).code).toBe("00000");

  await open(page, "/en/cart");
  const line = page.getByTestId("cart-line");
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId("cart-count-input")).toHaveValue(String(count));
  expect(await foreignControls(page), "controls not of the set in the cart").toEqual([]);

  const basketId = await line.getAttribute("data-basket-id");
  await open(page, `/en/submit-order?basketIds=${basketId}`);
  const select = page.getByTestId("so-coupon-select");
  await expect(select).toBeVisible();
  await expect(select.locator('option:not([disabled]):not([value="0"])')).not.toHaveCount(0);
  expect(await foreignControls(page), "controls not of the set at the checkout").toEqual([]);

  // The chat with the shop: the compose box shows once a conversation is open.
  await open(page, `/en/chat?shopId=${shopId}`);
  await expect(page.getByTestId("chat-input")).toBeVisible();
  expect(await foreignControls(page), "controls not of the set in the chat").toEqual([]);
});
