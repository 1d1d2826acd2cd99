/**
 * The one set of controls (docs/design.md "Controls", src/styles/controls.css): on every route of
 * SPEC §2 (English; logged in as the demo buyer where the page needs it, the payment counter with
 * a fresh buyer's unpaid order) no visible radio, checkbox, select or number input is drawn by the
 * browser — its computed `appearance` must be `none`, and a number input must hide its spin
 * buttons (a `::-webkit-inner-spin-button { appearance: none }` rule that applies to it).
 * Every offending element is named with its page.
 */
import { expect, test, type Page } from "@playwright/test";
import { freshBuyer, islandsReady } from "./helpers.ts";
import { allRoutes, demoToken, unpaidOrder, type Route } from "./routes.ts";

test.describe.configure({ mode: "serial" });

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
  await page.waitForLoadState("networkidle", { timeout: 5_000 }).catch(() => {});
}

async function sweep(page: Page, routes: Route[]): Promise<string[]> {
  const found: string[] = [];
  for (const r of routes) {
    await open(page, r.path);
    for (const c of await browserDrawnControls(page)) found.push(`${r.path}: ${c}`);
  }
  return found;
}

test("no browser-default form control on any page (en)", async ({ page, context, request, baseURL }) => {
  test.setTimeout(120_000);
  const token = await demoToken(request);
  const routes = await allRoutes(request, token);
  const found = await sweep(
    page,
    routes.filter((r) => !r.buyer),
  );
  await context.addCookies([{ name: "token", value: token, url: baseURL! }]);
  found.push(
    ...(await sweep(
      page,
      routes.filter((r) => r.buyer),
    )),
  );
  // The address form's area selects open in a dialog.
  await open(page, "/en/user-center/uc-address");
  await page.getByTestId("uc-address-add").click();
  await expect(page.locator("select").first()).toBeVisible();
  for (const c of await browserDrawnControls(page)) found.push(`/en/user-center/uc-address (add dialog): ${c}`);
  expect(found, "controls drawn by the browser").toEqual([]);
});

test("no browser-default form control on the payment counter (en)", async ({ page, context, request, baseURL }) => {
  const api = await freshBuyer(request, context, baseURL!, "design");
  void api;
  const token = (await context.cookies()).find((c) => c.name === "token")!.value;
  const order = await unpaidOrder(request, token);
  await open(page, `/en/payment?orderNumbers=${order}`);
  await expect(page.getByTestId("pay-method-balance")).toBeVisible();
  expect(await browserDrawnControls(page), "controls drawn by the browser on /payment").toEqual([]);
});
