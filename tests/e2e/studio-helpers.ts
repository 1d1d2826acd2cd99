/** Shared steps of the decoration studio's browser tests (decorate-studio*.spec.ts). */
import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";

/** A shop's merchant token (the store account of the demo seed). */
export async function merchantToken(request: APIRequestContext, username: string): Promise<string> {
  const r = await (await request.post("/api/merchant/login", { data: { username, password: "Shop1234" } })).json();
  return r.data.accessToken as string;
}

/**
 * Moves the block at `index` one place up by keyboard: its handle focused by `focus`, Space, ArrowUp,
 * Space. dnd-kit listens for the arrow keys a task after the pick-up and finds the new place a frame
 * after the move: on a busy machine a key can come before either, so a lost key is pressed again and
 * a drop that moved nothing is done again.
 */
export async function moveUpByKeyboard(
  page: Page,
  blocks: Locator,
  index: number,
  movedType: string,
  focus: (handle: Locator) => Promise<void>,
): Promise<void> {
  await expect(async () => {
    await focus(blocks.nth(index).getByTestId("studio-handle"));
    await page.keyboard.press("Space");
    await expect(blocks.nth(index)).toHaveClass(/is-dragging/, { timeout: 2000 });
    await expect(async () => {
      await page.keyboard.press("ArrowUp");
      await expect(blocks.nth(index)).toHaveAttribute("style", /translate3d\(0px, -/, { timeout: 2000 });
    }).toPass({ timeout: 8000 });
    await page.keyboard.press("Space");
    await expect(blocks.nth(index - 1)).toHaveAttribute("data-type", movedType, { timeout: 2000 });
  }).toPass({ timeout: 40_000 });
}
