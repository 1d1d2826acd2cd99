/**
 * The decoration studio (/decorate-studio, docs/renovation.md "The studio"), one journey per
 * locale, each with its own shop: sign in with the store account, compose a page of five block
 * types from the palette (a picture uploaded through the picker, a product found by name), reorder
 * a block by keyboard, see a refusal on the field that caused it, preview the unsaved page in each
 * locale and width, publish, schedule a second version for later and see it go live when the
 * (controllable) clock reaches it, restore the first; another shop can not open, preview or
 * publish it. axe on the studio's screens. The shop is put back to its plain page at the end.
 */
import { expect, test, type Page } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { png, prefix, type Locale } from "./helpers.ts";
import { merchantToken, moveUpByKeyboard } from "./studio-helpers.ts";

const SHOP: Record<Locale, { user: string; id: number }> = {
  zh: { user: "shop03", id: 3 },
  "zh-tw": { user: "shop04", id: 4 },
  en: { user: "shop05", id: 5 },
};
const TITLE: Record<Locale, string> = { zh: "春季精选", "zh-tw": "春季精選", en: "Spring picks" };
const SECOND: Record<Locale, string> = { zh: "限时闪购", "zh-tw": "限時閃購", en: "Flash weekend" };

/** The studio's texts in `locale` (src/i18n/<locale>/renovation.json "studio"). */
async function texts(locale: Locale): Promise<Record<string, string> & { types: Record<string, string> }> {
  const mod = (await import(`../../src/i18n/${locale}/renovation.json`, { with: { type: "json" } })) as {
    default: { studio: Record<string, string> & { types: Record<string, string> } };
  };
  return mod.default.studio;
}

async function shopHome(page: Page, locale: Locale, shopId: number): Promise<string> {
  await page.goto(`${prefix(locale)}/shopIndex?sid=${shopId}`);
  return (await page.locator("main").innerText()).replace(/\s+/g, " ");
}

for (const locale of ["zh", "zh-tw", "en"] as const) {
  test(`studio journey (${locale}): compose, refuse, preview, publish, schedule, restore`, async ({
    page,
    request,
    context,
  }, testInfo) => {
    test.setTimeout(120_000);
    const s = await texts(locale);
    const shop = SHOP[locale];
    const studio = `${prefix(locale)}/decorate-studio`;

    // Sign in with the shop's store account.
    await page.goto(studio);
    await page.getByLabel(s.username!, { exact: true }).fill(shop.user);
    await page.getByLabel(s.password!, { exact: true }).fill("Shop1234");
    expect(await blockingViolations(page, studio, `axe-signin-${locale}`, testInfo)).toEqual([]);
    await page.getByRole("button", { name: s.signIn, exact: true }).click();
    await page.getByRole("button", { name: s.newPage, exact: true }).click();
    await page.getByLabel(s.name!, { exact: true }).fill(TITLE[locale]);

    // Five block types from the palette.
    const add = (type: string) =>
      page.getByRole("button", { name: s.add!.replace("{{type}}", s.types[type]!), exact: true }).click();
    await add("floor_title");
    const form = page.getByTestId("studio-form");
    for (const [i, l] of (["zh", "zh-tw", "en"] as const).entries()) {
      await form.locator(".ds-lang input").nth(i).fill(TITLE[l]);
      if (i === 0) await expect(form.getByTestId("studio-missing")).toHaveCount(2);
    }
    await expect(form.getByTestId("studio-missing")).toHaveCount(0);
    await add("goods_list");
    await form.getByRole("searchbox").fill("");
    await form.getByRole("button", { name: s.searchBtn, exact: true }).click();
    await form
      .getByRole("button", { name: new RegExp(`^${s.addProduct!.replace("{{name}}", "")}`) })
      .first()
      .click();
    await add("auxiliary_interval");
    await add("picture_by");
    await form
      .locator('input[type="file"]')
      .first()
      .setInputFiles(png(`studio-${locale}.png`));
    await expect(form.locator(".ds-picture select").first()).toHaveValue(/^\/uploads\//);
    await add("page_background");
    const blocks = page.getByTestId("studio-block");
    await expect(blocks).toHaveCount(5);
    await expect(page.getByTestId("studio-save")).toHaveText(s.saved!, { timeout: 15_000 });

    // Reorder by keyboard: the spacer (3rd) one place up.
    await moveUpByKeyboard(page, blocks, 2, "auxiliary_interval", (handle) => handle.focus());
    await expect(blocks.nth(2)).toHaveAttribute("data-type", "goods_list");

    // A refusal on its field: a spacer higher than 400.
    const select = (n: number, type: string) =>
      page
        .getByTestId("studio-blocks")
        .getByRole("button", { name: `${n}. ${s.types[type]!}` })
        .click();
    await select(2, "auxiliary_interval");
    const heightInput = form.locator(".ds-row input").first();
    await heightInput.fill("900");
    const fieldError = form.getByTestId("studio-field-error");
    await expect(fieldError).toBeVisible();
    await expect(heightInput).toHaveAttribute("aria-invalid", "true");
    await expect(blocks.nth(1).getByTestId("studio-block-error")).toBeVisible();
    await heightInput.fill("24");
    await expect(fieldError).toHaveCount(0);
    await expect(page.getByTestId("studio-save")).toHaveText(s.saved!, { timeout: 15_000 });

    // The real storefront rendering, per locale and width.
    const frame = page.getByTestId("studio-preview-frame");
    for (const l of ["zh", "zh-tw", "en"] as const) {
      await page.getByRole("radio", { name: s[`lang_${l}`], exact: true }).check();
      await expect(frame).toHaveAttribute("src", new RegExp(`^${prefix(l)}/select-decorate\\?sid=${shop.id}&draft=`));
      await expect(page.frameLocator('[data-testid="studio-preview-frame"]').getByText(TITLE[l]).first()).toBeVisible();
    }
    for (const w of [1920, 1024, 1366]) {
      await page.getByRole("radio", { name: String(w), exact: true }).check();
      await expect(frame).toHaveAttribute("width", String(w));
    }
    expect(await blockingViolations(page, studio, `axe-editor-${locale}`, testInfo)).toEqual([]);

    // Publish: the shop's page shows it.
    await page.getByTestId("studio-publish").click();
    await expect(page.getByTestId("studio-message")).toHaveText(s.published!);
    const shopper = await context.newPage();
    expect(await shopHome(shopper, locale, shop.id)).toContain(TITLE[locale]);

    // A second version scheduled for later, live when the clock gets there.
    await page.getByRole("button", { name: s.back, exact: true }).click();
    const rows = page.getByTestId("studio-page-row");
    const liveRow = rows.filter({ has: page.locator(".ds-badge-1") }).first();
    const firstId = Number(await liveRow.getAttribute("data-id"));
    await liveRow.getByRole("button", { name: s.editCopy, exact: true }).click();
    await page.getByLabel(s.name!, { exact: true }).fill(SECOND[locale]);
    await select(1, "floor_title");
    for (const [i, l] of (["zh", "zh-tw", "en"] as const).entries())
      await form.locator(".ds-lang input").nth(i).fill(SECOND[l]);
    await expect(page.getByTestId("studio-save")).toHaveText(s.saved!, { timeout: 15_000 });
    const start = new Date(Date.now() + 3 * 3600_000);
    const p2 = (n: number) => String(n).padStart(2, "0");
    await page
      .getByLabel(s.startAt!, { exact: true })
      .fill(
        `${start.getFullYear()}-${p2(start.getMonth() + 1)}-${p2(start.getDate())} ${p2(start.getHours())}:${p2(start.getMinutes())}`,
      );
    await page.getByRole("button", { name: s.scheduleSave, exact: true }).click();
    await expect(page.getByTestId("studio-message")).toHaveText(s.scheduleSaved!);
    // (Not live before its time: tests/api/renovation/schedule.test.ts; here the journeys of the other
    // locales move the same clock in parallel.)
    const ran = await (
      await request.post("/api/dev/jobs/run", {
        data: { now: new Date(start.getTime() + 60_000).toISOString(), kinds: ["renovationStart", "renovationEnd"] },
      })
    ).json();
    expect(ran.data.failed).toBe(0);
    await expect.poll(async () => shopHome(shopper, locale, shop.id)).toContain(SECOND[locale]);

    // Restore the first version.
    await page.getByRole("button", { name: s.back, exact: true }).click();
    const firstRow = page.locator(`[data-testid="studio-page-row"][data-id="${firstId}"]`);
    await firstRow.getByRole("button", { name: s.restore, exact: true }).click();
    await expect(page.getByTestId("studio-message")).toHaveText(s.restored!);
    await expect.poll(async () => shopHome(shopper, locale, shop.id)).toContain(TITLE[locale]);
    expect(await blockingViolations(page, studio, `axe-pages-${locale}`, testInfo)).toEqual([]);

    // Another shop: can not open, preview or publish it.
    const other = await merchantToken(request, "shop11");
    const headers = { authorization: other, "accept-language": locale };
    for (const [method, p] of [
      ["GET", `/api/merchant/renovations/${firstId}`],
      ["POST", `/api/merchant/renovations/${firstId}/publish`],
      ["POST", `/api/merchant/renovations/${firstId}/schedule`],
    ] as const) {
      const body = await (await request.fetch(p, { method, headers, data: method === "POST" ? {} : undefined })).json();
      expect(body.code, p).toBe("A00001");
    }
    // …nor see this shop's unsaved preview: the draft key is this shop's only.
    await page.getByRole("button", { name: s.newPage, exact: true }).click();
    await add("floor_title");
    await form.locator(".ds-lang input").first().fill(TITLE[locale]);
    await expect(frame).toHaveAttribute("src", /draft=/);
    const draftPath = (await frame.getAttribute("src"))!;
    expect((await shopper.goto(draftPath))?.status()).toBe(200);
    expect((await shopper.goto(draftPath.replace(`sid=${shop.id}`, "sid=11")))?.status()).toBe(404);
    await page.getByRole("button", { name: s.back, exact: true }).click();
    // The other shop signed in to the studio sees only its own pages.
    await page.getByRole("button", { name: s.signOut, exact: true }).first().click();
    await page.getByLabel(s.username!, { exact: true }).fill("shop11");
    await page.getByLabel(s.password!, { exact: true }).fill("Shop1234");
    await page.getByRole("button", { name: s.signIn, exact: true }).click();
    await expect(page.getByRole("button", { name: s.newPage, exact: true })).toBeVisible();
    await expect(page.locator(`[data-testid="studio-page-row"][data-id="${firstId}"]`)).toHaveCount(0);

    // Back to the plain page.
    const own = await merchantToken(request, shop.user);
    await request.post(`/api/merchant/renovations/${firstId}/unpublish`, { headers: { authorization: own }, data: {} });
  });
}
