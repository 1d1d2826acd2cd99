/**
 * The page sweep: every route of SPEC §2 (English, tests/e2e/routes.ts; logged in as the demo
 * buyer where the page needs it, the payment counter with a fresh buyer's unpaid order), each page
 * loaded once and checked for
 * - the one set of controls (docs/design.md "Controls", src/styles/controls.css): no visible radio,
 *   checkbox, select or number input drawn by the browser — its computed `appearance` must be
 *   `none`, a number input must hide its spin buttons (a `::-webkit-inner-spin-button
 *   { appearance: none }` rule that applies to it), and a checkbox sits in the `.check` control
 *   (a label with its text or its accessible name);
 * - accessibility: no serious or critical axe violation (tests/e2e/axe.ts; a11y.spec.ts checks
 *   the browsing pages in the other locales).
 * Every offending element is named with its page. The sweep runs in parts so that the two
 * workers share it.
 */
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { freshBuyer, islandsReady } from "./helpers.ts";
import { allRoutes, demoToken, unpaidOrder, type Route } from "./routes.ts";

/** The browser-drawn controls of the page, described (tag, type, id/name/test id, what is wrong). */
function browserDrawnControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const spinRules: { selector: string }[] = [];
    for (const sheet of Array.from(document.styleSheets)) {
      let rules: CSSRuleList;
      try {
        rules = sheet.cssRules;
      } catch {
        continue;
      }
      const walk = (list: CSSRuleList) => {
        for (const r of Array.from(list)) {
          if (r instanceof CSSStyleRule && r.selectorText.includes("::-webkit-inner-spin-button")) {
            const none =
              r.style.getPropertyValue("appearance") === "none" ||
              r.style.getPropertyValue("-webkit-appearance") === "none";
            if (none)
              for (const part of r.selectorText.split(","))
                if (part.includes("::-webkit-inner-spin-button"))
                  spinRules.push({ selector: part.replace("::-webkit-inner-spin-button", "").trim() || "*" });
          } else if ("cssRules" in r) walk((r as CSSGroupingRule).cssRules);
        }
      };
      walk(rules);
    }
    const out: string[] = [];
    const controls = document.querySelectorAll<HTMLElement>(
      'input[type="radio"], input[type="checkbox"], input[type="number"], select',
    );
    for (const el of Array.from(controls)) {
      const box = el.getBoundingClientRect();
      const cs = getComputedStyle(el);
      if (box.width === 0 || box.height === 0 || cs.visibility === "hidden") continue;
      const problems: string[] = [];
      if (cs.appearance !== "none") problems.push(`appearance: ${cs.appearance}`);
      if (el instanceof HTMLInputElement && el.type === "number" && !spinRules.some((r) => el.matches(r.selector)))
        problems.push("spin buttons shown");
      if (el instanceof HTMLInputElement && el.type === "checkbox" && !el.closest("label.check"))
        problems.push("checkbox outside the .check control");
      if (!problems.length) continue;
      const type = el instanceof HTMLInputElement ? `[type=${el.type}]` : "";
      const who =
        el.dataset.testid ??
        el.id ??
        el.getAttribute("name") ??
        el.closest("[data-testid]")?.getAttribute("data-testid") ??
        "";
      out.push(`${el.tagName.toLowerCase()}${type} ${who ? `"${who}"` : ""} (${problems.join(", ")})`);
    }
    return out;
  });
}

async function open(page: Page, path: string): Promise<void> {
  const res = await page.goto(path);
  expect(res?.status(), path).toBeLessThan(500);
  await islandsReady(page);
  // Islands load their data after hydration; their controls appear with it.
  await page.waitForLoadState("networkidle", { timeout: 2_000 }).catch(() => {});
}

/** Loads each route once; answers its browser-drawn controls and its serious/critical axe violations. */
async function sweep(page: Page, routes: Route[], testInfo: TestInfo): Promise<{ controls: string[]; axe: string[] }> {
  const found = { controls: [] as string[], axe: [] as string[] };
  for (const r of routes) {
    await open(page, r.path);
    for (const c of await browserDrawnControls(page)) found.controls.push(`${r.path}: ${c}`);
    for (const v of await blockingViolations(page, r.path, `axe-${r.name}-en.json`, testInfo))
      found.axe.push(`${r.path}: ${v}`);
  }
  return found;
}

const PARTS = 8;
for (let part = 0; part < PARTS; part++) {
  test(`every SPEC §2 page: no browser-default control, no serious axe violation (en, part ${part + 1}/${PARTS})`, async ({
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
    expect([...guest.controls, ...buyer.controls], "controls drawn by the browser").toEqual([]);
    expect([...guest.axe, ...buyer.axe], "serious/critical axe violations").toEqual([]);
  });
}

test("no browser-default form control in the address form (en)", async ({ page, context, request, baseURL }) => {
  const token = await demoToken(request);
  await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
  // The area selects and the default checkbox open in a dialog.
  await open(page, "/en/user-center/uc-address");
  await page.getByTestId("uc-address-add").click();
  await expect(page.locator("select").first()).toBeVisible();
  expect(await browserDrawnControls(page), "controls drawn by the browser in the address dialog").toEqual([]);
});

test("no browser-default form control on the payment counter (en)", async ({
  page,
  context,
  request,
  baseURL,
}, testInfo) => {
  test.setTimeout(90_000);
  await freshBuyer(request, context, baseURL!, "design");
  const token = (await context.cookies()).find((c) => c.name === "token")!.value;
  const order = await unpaidOrder(request, token);
  await open(page, `/en/payment?orderNumbers=${order}`);
  await expect(page.getByTestId("pay-method-balance")).toBeVisible();
  expect(await browserDrawnControls(page), "controls drawn by the browser on /payment").toEqual([]);
  expect(await blockingViolations(page, "/en/payment", "axe-payment-en.json", testInfo), "axe on /payment").toEqual([]);
});
