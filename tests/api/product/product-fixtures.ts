/** What the product API tests share: a shop's picture upload and the platform categories a product may (and may not) be filed under. */
import { and, eq } from "drizzle-orm";
import { categories } from "../../../src/server/db/schema/index.ts";
import { okData, PNG_1X1, type TestApp } from "../helpers.ts";

/** Uploads a 1×1 PNG as the shop of `token`; answers its path. */
export async function uploadPicture(app: TestApp, token: string): Promise<string> {
  const form = new FormData();
  form.set("file", new File([PNG_1X1], "a.png", { type: "image/png" }));
  const res = await app.request<{ filePath: string }>("/api/merchant/file/upload", {
    method: "POST",
    headers: { Authorization: token },
    body: form,
  });
  return okData(res).filePath;
}

/** A level-3 platform category that is on (`leaf`) and a first-level one (`upper`, refused for a product). */
export async function productCategories(app: TestApp): Promise<{ leaf: number; upper: number }> {
  const [l] = await app.ctx.db
    .select({ id: categories.categoryId })
    .from(categories)
    .where(and(eq(categories.shopId, 0), eq(categories.grade, 2), eq(categories.status, 1)))
    .limit(1);
  const [u] = await app.ctx.db
    .select({ id: categories.categoryId })
    .from(categories)
    .where(and(eq(categories.shopId, 0), eq(categories.grade, 0)))
    .limit(1);
  return { leaf: l!.id, upper: u!.id };
}
