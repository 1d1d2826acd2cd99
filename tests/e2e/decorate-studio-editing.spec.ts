/**
 * The decoration studio's editing (docs/renovation.md "The studio"), in one locale beside the
 * three-locale journey of decorate-studio.spec.ts: two editors on one draft (a clear conflict
 * message, both ways out, nothing lost), duplicate and delete with undo and redo (buttons and
 * keys), a page opened after it was deleted, and the whole of it by keyboard alone (palette, select,
 * edit, reorder, save, publish). axe on the conflict and not-found screens (the journey checks the
 * others). Shops 8, 9 and 10, which no other browser test decorates.
 */
import { expect, test, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { blockingViolations } from "./axe.ts";
import { merchantToken, moveUpByKeyboard } from "./studio-helpers.ts";
import en from "../../src/i18n/en/renovation.json" with { type: "json" };

const s = en.studio;
const STUDIO = "/en/decorate-studio";

interface Summary {
  renovationId: number;
  name: string;
  status: number;
}

async function pagesOf(request: APIRequestContext, token: string): Promise<Summary[]> {
  return (await (await request.get("/api/merchant/renovations", { headers: { authorization: token } })).json())
    .data as Summary[];
}

/** The texts of a saved page's blocks, in order: "type:en title". */
async function savedBlocks(request: APIRequestContext, token: string, id: number): Promise<string[]> {
  const r = await (await request.get(`/api/merchant/renovations/${id}`, { headers: { authorization: token } })).json();
  return (r.data.content as { type: string; dataField: { mainTitle?: { en: string } } }[]).map(
    (b) => `${b.type}${b.dataField.mainTitle ? `:${b.dataField.mainTitle.en}` : ""}`,
  );
}

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto(STUDIO);
  await page.getByLabel(s.username, { exact: true }).fill(user);
  await page.getByLabel(s.password, { exact: true }).fill("Shop1234");
  await page.getByRole("button", { name: s.signIn, exact: true }).click();
  await expect(page.getByRole("button", { name: s.newPage, exact: true })).toBeVisible();
}

const addButton = (page: Page, type: keyof typeof s.types) =>
  page.getByRole("button", { name: s.add.replace("{{type}}", s.types[type]), exact: true });
const blockButton = (page: Page, n: number, type: keyof typeof s.types) =>
  page.getByTestId("studio-blocks").getByRole("button", { name: `${n}. ${s.types[type]}`, exact: true });
const langInput = (page: Page, n: number) => page.getByTestId("studio-form").locator(".ds-lang input").nth(n);
const saved = (page: Page) => expect(page.getByTestId("studio-save")).toHaveText(s.saved, { timeout: 15_000 });

/** A new page named `name` with one section title (`title` in the three languages), saved. */
async function newTitledPage(page: Page, name: string, title: string): Promise<void> {
  await page.getByRole("button", { name: s.newPage, exact: true }).click();
  await page.getByLabel(s.name, { exact: true }).fill(name);
  await addButton(page, "floor_title").click();
  for (const n of [0, 1, 2]) await langInput(page, n).fill(title);
  await saved(page);
}

test("studio: two editors on one draft get a conflict, lose nothing, and a deleted page says so", async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  const token = await merchantToken(request, "shop08");
  const name = `Two editors ${Date.now()}`;
  await signIn(page, "shop08");
  await newTitledPage(page, name, "First");
  const id = (await pagesOf(request, token)).find((p) => p.name === name)!.renovationId;

  // A second editor (another tab: its own sign-in) opens the same draft and saves a change.
  const other = await context.newPage();
  await signIn(other, "shop08");
  await other.locator(`[data-testid="studio-page-row"][data-id="${id}"]`).getByRole("button", { name: s.open }).click();
  await blockButton(other, 1, "floor_title").click();
  await langInput(other, 2).fill("Theirs");
  await saved(other);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Theirs"]);

  // The first editor, still on the old version, edits: a conflict, nothing written, the edit kept.
  await langInput(page, 2).fill("Mine");
  const conflict = page.getByTestId("studio-conflict");
  await expect(conflict).toContainText(`“${name}”`);
  await expect(page.getByTestId("studio-save")).toHaveText("");
  await expect(langInput(page, 2)).toHaveValue("Mine");
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Theirs"]);
  expect(await blockingViolations(page, STUDIO, "axe-conflict", testInfo)).toEqual([]);

  // "Load their version": theirs on screen, and one undo brings mine back (then saved over theirs).
  await conflict.getByRole("button", { name: s.conflictLoad, exact: true }).click();
  await expect(conflict).toHaveCount(0);
  await expect(langInput(page, 2)).toHaveValue("Theirs");
  await page.getByRole("button", { name: s.undo, exact: true }).click();
  await expect(langInput(page, 2)).toHaveValue("Mine");
  await saved(page);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Mine"]);

  // The second editor now edits an old version: "save mine as a new draft" keeps both.
  await langInput(other, 2).fill("Theirs again");
  const otherConflict = other.getByTestId("studio-conflict");
  await expect(otherConflict).toBeVisible();
  await otherConflict.getByRole("button", { name: s.conflictCopy, exact: true }).click();
  await saved(other);
  await expect(otherConflict).toHaveCount(0);
  const drafts = (await pagesOf(request, token)).filter((p) => p.name === name);
  expect(drafts).toHaveLength(2);
  const copyId = drafts.find((p) => p.renovationId !== id)!.renovationId;
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Mine"]);
  expect(await savedBlocks(request, token, copyId)).toEqual(["floor_title:Theirs again"]);
  // The new draft is the one the second editor goes on with.
  await langInput(other, 2).fill("Theirs, later");
  await saved(other);
  expect(await savedBlocks(request, token, copyId)).toEqual(["floor_title:Theirs, later"]);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Mine"]);
  await other.close();

  // A page deleted after the list was shown: opening it says so.
  await page.getByRole("button", { name: s.back, exact: true }).click();
  const copyRow = page.locator(`[data-testid="studio-page-row"][data-id="${copyId}"]`);
  await expect(copyRow).toBeVisible();
  await request.delete(`/api/merchant/renovations/${copyId}`, { headers: { authorization: token } });
  await copyRow.getByRole("button", { name: s.open, exact: true }).click();
  await expect(page.getByTestId("studio-not-found")).toHaveText(s.notFoundPage);
  expect(await blockingViolations(page, STUDIO, "axe-not-found", testInfo)).toEqual([]);
  await request.delete(`/api/merchant/renovations/${id}`, { headers: { authorization: token } });
});

test("studio: duplicate and delete a block, undo and redo them by button and by key", async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await merchantToken(request, "shop08");
  const name = `Undo ${Date.now()}`;
  await signIn(page, "shop08");
  await newTitledPage(page, name, "Kept");
  const id = (await pagesOf(request, token)).find((p) => p.name === name)!.renovationId;
  await addButton(page, "auxiliary_interval").click();
  const blocks = page.getByTestId("studio-block");
  const types = () => blocks.evaluateAll((els) => els.map((e) => e.getAttribute("data-type")));
  await expect.poll(types).toEqual(["floor_title", "auxiliary_interval"]);

  // Duplicate the title: a copy right after it, with the same texts.
  await blocks
    .nth(0)
    .getByRole("button", { name: `${s.duplicate} ${s.types.floor_title}` })
    .click();
  await expect.poll(types).toEqual(["floor_title", "floor_title", "auxiliary_interval"]);
  await blockButton(page, 2, "floor_title").click();
  for (const n of [0, 1, 2]) await expect(langInput(page, n)).toHaveValue("Kept");
  await langInput(page, 2).fill("Copy");
  await saved(page);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Kept", "floor_title:Copy", "auxiliary_interval"]);

  // Delete the first title.
  await blocks
    .nth(0)
    .getByRole("button", { name: `${s.remove} ${s.types.floor_title}` })
    .click();
  await expect.poll(types).toEqual(["floor_title", "auxiliary_interval"]);
  // The focus goes to the block now in its place, not to the top of the page.
  await expect(blockButton(page, 1, "floor_title")).toBeFocused();
  await saved(page);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Copy", "auxiliary_interval"]);

  // Undo brings it back (and is saved), redo deletes it again; the same with the keys.
  const undo = page.getByRole("button", { name: s.undo, exact: true });
  const redo = page.getByRole("button", { name: s.redo, exact: true });
  await expect(redo).toBeDisabled();
  await undo.click();
  await expect.poll(types).toEqual(["floor_title", "floor_title", "auxiliary_interval"]);
  await saved(page);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Kept", "floor_title:Copy", "auxiliary_interval"]);
  await undo.click(); // the edit of the copy's en text
  await blockButton(page, 2, "floor_title").click();
  await expect(langInput(page, 2)).toHaveValue("Kept");
  await undo.click(); // the duplicate
  await expect.poll(types).toEqual(["floor_title", "auxiliary_interval"]);
  await redo.click();
  await expect.poll(types).toEqual(["floor_title", "floor_title", "auxiliary_interval"]);
  await redo.click();
  await redo.click();
  await expect.poll(types).toEqual(["floor_title", "auxiliary_interval"]);
  await expect(redo).toBeDisabled();
  await undo.focus();
  await page.keyboard.press("Control+z");
  await expect.poll(types).toEqual(["floor_title", "floor_title", "auxiliary_interval"]);
  await page.keyboard.press("Control+Shift+z");
  await expect.poll(types).toEqual(["floor_title", "auxiliary_interval"]);
  await page.keyboard.press("Control+z");
  await page.keyboard.press("Control+y");
  await expect.poll(types).toEqual(["floor_title", "auxiliary_interval"]);
  await saved(page);
  expect(await savedBlocks(request, token, id)).toEqual(["floor_title:Copy", "auxiliary_interval"]);
  await request.delete(`/api/merchant/renovations/${id}`, { headers: { authorization: token } });
});

/** Moves the keyboard focus to `target` with Tab (or Shift+Tab when it lies before the focus). */
async function tabTo(page: Page, target: Locator, max = 80): Promise<void> {
  for (let i = 0; i < max; i++) {
    const where = await target.evaluate((el) => {
      const a = document.activeElement;
      if (a === el) return "here";
      return a && a !== document.body && a.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING
        ? "before"
        : "after";
    });
    if (where === "here") return;
    await page.keyboard.press(where === "before" ? "Shift+Tab" : "Tab");
  }
  throw new Error(`Tab did not reach ${target.toString()}`);
}

test("studio by keyboard alone: sign in, add, select, edit, reorder, save, publish", async ({ page, request }) => {
  test.setTimeout(90_000);
  const name = `Keyboard ${Date.now()}`;
  await page.goto(STUDIO);
  await tabTo(page, page.getByLabel(s.username, { exact: true }));
  await page.keyboard.type("shop10");
  await tabTo(page, page.getByLabel(s.password, { exact: true }));
  await page.keyboard.type("Shop1234");
  await page.keyboard.press("Enter");
  const newPage = page.getByRole("button", { name: s.newPage, exact: true });
  await expect(newPage).toBeVisible();
  await tabTo(page, newPage);
  await page.keyboard.press("Enter");

  await tabTo(page, page.getByLabel(s.name, { exact: true }));
  await page.keyboard.press("Control+a");
  await page.keyboard.type(name);
  // Palette: a section title, then a spacer (the one just added is selected).
  await tabTo(page, addButton(page, "floor_title"));
  await page.keyboard.press("Enter");
  await tabTo(page, addButton(page, "auxiliary_interval"));
  await page.keyboard.press("Enter");
  const blocks = page.getByTestId("studio-block");
  await expect(blocks).toHaveCount(2);
  await expect(page.locator("#ds-form-title")).toContainText(s.types.auxiliary_interval);
  // Select the title and write it in the three languages.
  await tabTo(page, blockButton(page, 1, "floor_title"));
  await page.keyboard.press("Enter");
  await expect(page.locator("#ds-form-title")).toContainText(s.types.floor_title);
  for (const [n, text] of ["键盘标题", "鍵盤標題", "Keyboard title"].entries()) {
    await tabTo(page, langInput(page, n));
    await page.keyboard.type(text);
  }
  await expect(page.getByTestId("studio-form").getByTestId("studio-missing")).toHaveCount(0);
  await expect(
    page.frameLocator('[data-testid="studio-preview-frame"]').getByText("Keyboard title").first(),
  ).toBeVisible();

  // Reorder: the spacer one place up (its handle, Space, ArrowUp, Space).
  await moveUpByKeyboard(page, blocks, 1, "auxiliary_interval", (handle) => tabTo(page, handle));
  await saved(page);

  // Publish, and the page list shows it live.
  await tabTo(page, page.getByTestId("studio-publish"));
  await page.keyboard.press("Enter");
  await expect(page.getByTestId("studio-message")).toHaveText(s.published);
  await tabTo(page, page.getByRole("button", { name: s.back, exact: true }));
  await page.keyboard.press("Enter");
  const row = page.getByTestId("studio-page-row").filter({ hasText: name });
  await expect(row).toHaveAttribute("data-status", "1");
  const token = await merchantToken(request, "shop10");
  const id = Number(await row.getAttribute("data-id"));
  expect(await savedBlocks(request, token, id)).toEqual(["auxiliary_interval", "floor_title:Keyboard title"]);
  await request.post(`/api/merchant/renovations/${id}/unpublish`, { headers: { authorization: token }, data: {} });
  await request.delete(`/api/merchant/renovations/${id}`, { headers: { authorization: token } });
});
