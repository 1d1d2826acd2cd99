/**
 * Layout checks at the desktop sizes the mall is designed for (docs/decisions.md "Page layout"), in
 * English (the longest texts).
 *
 * The layout sweep loads every page of tests/e2e/routes.ts (SPEC §2 and the mall's own pages; the
 * demo buyer's pages logged in as the demo buyer, the others as a fresh buyer, whose nickname is the
 * top bar's widest state), the payment counter and the sandbox provider's page once at 1366×768 and
 * - writes a full-page screenshot to test-results/screenshots/routes/<name>.png (docs/design.md
 *   "Checks in the suite": they are looked at, not compared);
 * - fails on cut text (cutTexts) in the top bar, the category panel, product cards and shop cards
 *   wherever they appear, at 1366×768 and, on the same load, at 1440×900;
 * - fails when the headings skip a level (headingSkips);
 * - fails on a word broken across two lines in an address card or the payment facts (splitWords).
 * Then: on /detail/{id} at 1366×768 and 1440×900 the price, the SKU choice, the quantity and both
 * buttons above the fold (products with coupons, a promotion, a group buy among them); the status
 * tabs of my orders on one row.
 */
import path from "node:path";
import { expect, test, type BrowserContext, type Locator, type Page, type TestInfo } from "@playwright/test";
import { GroupActivityState } from "../../src/lib/group-buy/group-buy.ts";
import { freshBuyerToken, islandsReady } from "./helpers.ts";
import { allRoutes, demoToken, sandboxPayPath, unpaidOrder, type Route } from "./routes.ts";

// No notice carousel in motion while the page is measured or photographed.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const SIZES = [
  { width: 1366, height: 768 },
  { width: 1440, height: 900 },
];

/**
 * The parts checked for cut text, by the selector of their roots. `titled`: whether a text may be
 * cut when the full text is in the `title` of its element or of an ancestor (a product name
 * clamped to two lines on a card, docs/design.md "Typography"); the top bar and the category
 * panel cut nothing.
 */
const PARTS = {
  topBar: { selector: '[data-testid="topbar"]', titled: false },
  categoryPanel: { selector: '[data-testid="category-panel"]', titled: false },
  productCard: {
    selector: [
      '[data-testid="product-card"]',
      ".bg-texts",
      '[data-testid="fs-item"]',
      '[data-testid="gb-item"]',
      '[data-testid="discount-prod"]',
      '[data-testid="points-mall-item"]',
    ].join(", "),
    titled: true,
  },
  shopCard: { selector: '[data-testid="shop-card"], [data-testid="shop-list-item"]', titled: true },
};
type Part = keyof typeof PARTS;

/** Parts some pages must show (so that a renamed selector cannot empty the check). */
const SHOWS: Record<string, Part[]> = {
  home: ["topBar", "categoryPanel", "productCard"],
  list: ["topBar", "productCard"],
  "list-new": ["topBar", "productCard"],
  shopList: ["topBar", "shopCard"],
  shopIndex: ["topBar", "productCard"],
  "shop-prod-list": ["topBar", "productCard"],
  detail: ["topBar", "shopCard"],
  "detail-355": ["topBar", "shopCard"],
  "discount-detail": ["topBar", "productCard"],
  "flash-sale": ["productCard"],
  "group-buy": ["productCard"],
  "integral-mall": ["productCard"],
  "uc-order": ["topBar"],
  "member-center": ["topBar"],
};

/**
 * Visible texts under `selector` that are cut: by `text-overflow: ellipsis` (scrollWidth beyond
 * clientWidth), by `-webkit-line-clamp` (scrollHeight beyond clientHeight), or by an ancestor's
 * `overflow: hidden` / `clip` (a text node partly inside its box and partly outside). A text node
 * wholly outside the box is hidden, not cut (the notice carousel's other notices). With `titled`,
 * a cut text whose full text is in a `title` of its element or an ancestor passes.
 */
function cutTexts(page: Page, selector: string, titled: boolean): Promise<string[]> {
  return page.evaluate(
    ({ sel, titled }) => {
      const norm = (s: string) => s.replace(/\s+/g, " ").trim();
      const cut = new Map<Element, string>();
      const clips = (v: string) => v === "hidden" || v === "clip";
      for (const root of Array.from(document.querySelectorAll(sel))) {
        for (const el of [root, ...Array.from(root.querySelectorAll("*"))]) {
          if (!(el instanceof HTMLElement) || el.getClientRects().length === 0) continue;
          const cs = getComputedStyle(el);
          // Visually hidden text (1px boxes) is for screen readers.
          if (cs.visibility !== "visible" || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
          const wider = el.scrollWidth > el.clientWidth + 1;
          const taller = el.scrollHeight > el.clientHeight + 1;
          if (cs.webkitLineClamp && cs.webkitLineClamp !== "none" && taller) {
            cut.set(el, `line clamp: ${el.scrollHeight} > ${el.clientHeight}`);
            continue;
          }
          if (cs.textOverflow === "ellipsis" && wider) {
            cut.set(el, `ellipsis: ${el.scrollWidth} > ${el.clientWidth}`);
            continue;
          }
          if (!(clips(cs.overflowX) || clips(cs.overflowY)) || !(wider || taller)) continue;
          const b = el.getBoundingClientRect();
          const box = {
            left: b.left + el.clientLeft,
            top: b.top + el.clientTop,
            right: b.left + el.clientLeft + el.clientWidth,
            bottom: b.top + el.clientTop + el.clientHeight,
          };
          const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
          for (let n = walker.nextNode(); n; n = walker.nextNode()) {
            const parent = n.parentElement;
            if (!parent || !norm(n.textContent ?? "") || cut.has(parent)) continue;
            const range = document.createRange();
            range.selectNodeContents(n);
            let inside = 0;
            let outside = 0;
            let across = 0;
            for (const r of Array.from(range.getClientRects())) {
              if (r.width === 0 || r.height === 0) continue;
              // A glyph box may stand out of its line box by a little: a quarter of its height.
              const slack = r.height / 4;
              if (r.right <= box.left || r.left >= box.right || r.bottom <= box.top || r.top >= box.bottom) outside++;
              else if (
                r.left < box.left - 1 ||
                r.right > box.right + 1 ||
                r.top < box.top - slack ||
                r.bottom > box.bottom + slack
              )
                across++;
              else inside++;
            }
            if (across || (inside && outside))
              cut.set(
                parent,
                `overflow ${cs.overflowX}/${cs.overflowY} of <${el.tagName.toLowerCase()}.${el.className}>`,
              );
          }
        }
      }
      const out: string[] = [];
      for (const [el, why] of cut) {
        const text = norm(el.textContent ?? "");
        let title: Element | null = el.closest("[title]");
        while (titled && title && !norm(title.getAttribute("title") ?? "").includes(text))
          title = title.parentElement?.closest("[title]") ?? null;
        if (titled && title) continue;
        const cls = el.className && typeof el.className === "string" ? `.${el.className.split(" ")[0]}` : "";
        out.push(`<${el.tagName.toLowerCase()}${cls}> "${text.slice(0, 60)}" (${why}${titled ? ", no title" : ""})`);
      }
      return out;
    },
    { sel: selector, titled },
  );
}

/**
 * Headings (h1-h6, role=heading; visible or visually hidden, not `display: none` nor
 * aria-hidden) in document order that go more than one level below the previous one. The first
 * heading may have any level (the user centre's side menu has h2 groups before the page's h1).
 */
function headingSkips(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    let prev = 0;
    let prevText = "";
    for (const h of Array.from(document.querySelectorAll<HTMLElement>("h1, h2, h3, h4, h5, h6, [role=heading]"))) {
      if (!h.checkVisibility({ visibilityProperty: true }) || h.closest('[aria-hidden="true"]')) continue;
      const level =
        h.getAttribute("role") === "heading" ? Number(h.getAttribute("aria-level") ?? 2) : Number(h.tagName[1]);
      const text = (h.textContent ?? "").replace(/\s+/g, " ").trim().slice(0, 40);
      if (prev && level > prev + 1) out.push(`h${level} "${text}" after h${prev} "${prevText}"`);
      prev = level;
      prevText = text;
    }
    return out;
  });
}

/** Address cards (checkout, flash checkout, points checkout) and the payment counter's facts. */
const WHOLE_WORDS = ['[data-testid="so-address-item"]', ".sio-addr", ".pay-facts dd", ".sbx-facts dd"].join(", ");

/**
 * Latin words and numbers (two characters or more) under WHOLE_WORDS that the browser broke
 * across lines ("Shan / ghai"): their glyph boxes sit on more than one line.
 */
function splitWords(page: Page): Promise<string[]> {
  return page.evaluate((sel) => {
    const out: string[] = [];
    for (const root of Array.from(document.querySelectorAll(sel))) {
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        const text = n.textContent ?? "";
        for (const m of text.matchAll(/[A-Za-z0-9]{2,}/g)) {
          const range = document.createRange();
          range.setStart(n, m.index);
          range.setEnd(n, m.index + m[0].length);
          const lines = new Set(
            Array.from(range.getClientRects())
              .filter((r) => r.width > 0 && r.height > 0)
              .map((r) => Math.round(r.top)),
          );
          if (lines.size > 1) out.push(`"${m[0]}" broken across ${lines.size} lines`);
        }
      }
    }
    return out;
  }, WHOLE_WORDS);
}

const SHOTS = (testInfo: TestInfo) => path.join(testInfo.project.outputDir, "screenshots", "routes");

/** Loads `route` logged in with `token`; takes its screenshot; answers what is wrong with it. */
async function visit(
  page: Page,
  context: BrowserContext,
  baseURL: string,
  token: string,
  route: Route,
  testInfo: TestInfo,
): Promise<string[]> {
  const [cookie] = (await context.cookies()).filter((c) => c.name === "token");
  if (cookie?.value !== token) await context.addCookies([{ name: "token", value: token, url: baseURL }]);
  await page.setViewportSize(SIZES[0]!);
  const res = await page.goto(route.path);
  expect(res?.status(), route.path).toBeLessThan(500);
  await islandsReady(page);
  // Pictures below the fold load lazily: all of them now, for the full-page screenshot.
  await page.evaluate(() =>
    document.querySelectorAll("img[loading=lazy]").forEach((i) => i.setAttribute("loading", "eager")),
  );
  // Islands load their data after hydration.
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  // The nickname comes from the session script: the top bar's widest state.
  if (await page.locator(PARTS.topBar.selector).count())
    await expect(page.locator("[data-user-member]"), route.path).toBeVisible();
  await page.screenshot({ path: path.join(SHOTS(testInfo), `${route.name}.png`), fullPage: true });

  const found: string[] = [];
  for (const [i, size] of SIZES.entries()) {
    if (i > 0) await page.setViewportSize(size);
    for (const [part, { selector, titled }] of Object.entries(PARTS) as [Part, (typeof PARTS)[Part]][]) {
      if (i === 0 && SHOWS[route.name]?.includes(part))
        await expect(page.locator(selector).first(), `${route.path} shows ${part}`).toBeVisible();
      for (const c of await cutTexts(page, selector, titled))
        found.push(`${route.path} ${size.width}×${size.height} ${part}: ${c}`);
    }
  }
  for (const h of await headingSkips(page)) found.push(`${route.path} headings: ${h}`);
  await page.setViewportSize(SIZES[0]!);
  for (const w of await splitWords(page)) found.push(`${route.path} 1366×768: ${w}`);
  return found;
}

const SWEEP_PARTS = 4;
for (let part = 0; part < SWEEP_PARTS; part++) {
  test(`layout sweep (en, part ${part + 1}/${SWEEP_PARTS}): screenshot, no cut text, no skipped heading level`, async ({
    page,
    context,
    request,
    baseURL,
  }, testInfo) => {
    test.setTimeout(300_000);
    const demo = await demoToken(request);
    const routes = [
      ...(await allRoutes(request, demo)),
      // Beside allRoutes: the newest products and a product with five coupons and an upcoming promotion.
      { name: "list-new", path: "/en/list?st=1" },
      { name: "detail-355", path: "/en/detail/355" },
    ].filter((_, i) => i % SWEEP_PARTS === part);
    const fresh = await freshBuyerToken(request, context, baseURL!, `layout${part}`);
    const found: string[] = [];
    for (const r of routes.filter((r) => !r.buyer))
      found.push(...(await visit(page, context, baseURL!, fresh, r, testInfo)));
    for (const r of routes.filter((r) => r.buyer))
      found.push(...(await visit(page, context, baseURL!, demo, r, testInfo)));
    if (part === 0) {
      const order = await unpaidOrder(request, fresh);
      const counter = { name: "payment", path: `/en/payment?orderNumbers=${order}` };
      found.push(...(await visit(page, context, baseURL!, fresh, counter, testInfo)));
      const sandbox = { name: "sandbox-pay", path: await sandboxPayPath(request, fresh, order) };
      found.push(...(await visit(page, context, baseURL!, fresh, sandbox, testInfo)));
    }
    expect(found).toEqual([]);
  });
}

/** Products: with four coupons and a promotion (1), an upcoming promotion and five coupons (355), a tiered discount (67), a plain one (66). */
const FOLD_PRODUCTS = [1, 355, 67, 66];

for (const size of SIZES) {
  test(`en ${size.width}×${size.height}: price, SKU, quantity, buy now and add to cart are above the fold on /detail`, async ({
    page,
    request,
  }) => {
    await page.setViewportSize(size);
    // Group buys: the first (a team to join) and the one with the most SKUs.
    const acts = (await (await request.get("/api/group/activities")).json()).data.records as {
      prodId: number;
      groupSkuList: unknown[];
      activityStatus: number;
    }[];
    const most = acts.reduce((a, b) => (b.groupSkuList.length > a.groupSkuList.length ? b : a));
    expect(acts.length, "group buys").toBeGreaterThan(0);
    const groups = [acts[0]!, most];
    const running = groups.filter((a) => a.activityStatus === GroupActivityState.LIVE).map((a) => a.prodId);
    expect(running.length, "running group buys").toBeGreaterThan(0);
    for (const prodId of [...FOLD_PRODUCTS, ...groups.map((a) => a.prodId)]) {
      await page.goto(`/en/detail/${prodId}`);
      const parts: Record<string, Locator> = {
        price: page.getByTestId("sku-price"),
        sku: page.getByTestId("sku-value").first(),
        quantity: page.getByTestId("qty-input"),
        buyNow: page.getByTestId("buy-now"),
        addToCart: page.getByTestId("add-to-cart"),
      };
      // A running group buy offers "open a team" beside "buy now".
      if (running.includes(prodId)) parts.openTeam = page.getByTestId("bb-open-team");
      for (const [name, el] of Object.entries(parts)) {
        if (name === "sku" && (await el.count()) === 0) continue;
        await expect(el, `${prodId} ${name}`).toBeVisible();
        const box = (await el.boundingBox())!;
        expect(box.y + box.height, `/detail/${prodId}: ${name} above the fold`).toBeLessThanOrEqual(size.height);
      }
    }
    // The coupons are one line; the panel opens from the keyboard and Escape closes it.
    await page.goto("/en/detail/1");
    const panel = page.getByTestId("dp-coupons-panel");
    await expect(panel).toBeHidden();
    await page.getByTestId("dp-coupons-toggle").focus();
    await page.keyboard.press("Enter");
    await expect(panel).toBeVisible();
    expect(await panel.getByTestId("coupon-card").count()).toBeGreaterThan(3);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(page.getByTestId("dp-coupons-toggle")).toBeFocused();
    // "Member price" on one line.
    const label = page.getByTestId("member-price-row").locator(".bb-label");
    const lineHeight = await label.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight) || 20);
    expect((await label.boundingBox())!.height).toBeLessThan(lineHeight * 1.5);
  });
}

test("en 1366×768: the status tabs of my orders are on one row", async ({ page, context, request, baseURL }) => {
  await page.setViewportSize(SIZES[0]!);
  await context.addCookies([{ name: "token", value: await demoToken(request), url: baseURL! }]);
  // status=7 asks for "Grouping" too: every tab.
  await page.goto("/en/user-center/uc-order?status=7");
  await islandsReady(page);
  // The counts come with the orders.
  await page.waitForLoadState("networkidle", { timeout: 3_000 }).catch(() => {});
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveCount(8);
  const tops = new Set<number>();
  for (const box of await tabs.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().top)))
    tops.add(Math.round(box));
  expect([...tops], "tab rows").toHaveLength(1);
  const list = page.getByRole("tablist");
  const { scroll, client } = await list.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, "the tab row fits its width").toBeLessThanOrEqual(client);
});

test("zh 1366×768: the home's channel tiles are five cards of one width 16 px apart, each name under its picture", async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]!);
  await page.goto("/");
  const block = page.getByTestId("block-universal_hotspot");
  const areas = block.getByTestId("hotspot-area");
  await expect(areas).toHaveCount(5);
  const img = (await block.locator("img").first().boundingBox())!;
  const boxes = await areas.evaluateAll((els) =>
    els.map((e) => {
      const r = e.getBoundingClientRect();
      const label = e.querySelector('[data-testid="hotspot-label"]')!.getBoundingClientRect();
      return { left: r.left, right: r.right, top: r.top, bottom: r.bottom, width: r.width, label };
    }),
  );
  // The cards fill the content width: the first starts at the picture's left, the last ends at its right.
  expect(Math.abs(boxes[0]!.left - img.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(boxes[4]!.right - (img.x + img.width))).toBeLessThanOrEqual(1);
  for (const [i, b] of boxes.entries()) {
    expect(Math.abs(b.width - boxes[0]!.width), `tile ${i} width`).toBeLessThanOrEqual(1);
    if (i > 0) expect(Math.abs(b.left - boxes[i - 1]!.right - 16), `gap before tile ${i}`).toBeLessThanOrEqual(1);
    // The card is as tall as the picture, and its name sits in its lower band, below the square
    // product picture (the card's width less 14 px each side) and inside the card.
    expect(Math.abs(b.bottom - (img.y + img.height)), `tile ${i} height`).toBeLessThanOrEqual(1);
    expect(b.label.top, `tile ${i} name under its picture`).toBeGreaterThanOrEqual(b.top + b.width - 14 - 2);
    expect(b.label.bottom, `tile ${i} name inside its card`).toBeLessThanOrEqual(b.bottom);
  }
});
