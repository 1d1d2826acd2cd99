/** Products through `npm run ops` (scripts/ops/product.ts) against the in-process API: create from a file, list, read, change a price and stock, shelves, delete, the platform's off-shelf; a refusal prints the mall's located message. */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { categories, products, skus } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, type TestApp } from "../helpers.ts";
import { opsCli, type OpsResult } from "../ops-helpers.ts";

describe.skipIf(!dbReady)("products (ops CLI)", () => {
  let app: TestApp;
  let dir: string;
  let ops: (...argv: string[]) => Promise<OpsResult>;
  let file: string;

  beforeAll(async () => {
    app = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "ops-product-"));
    ops = opsCli(app, dir);
    expect((await ops("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
    const pic = await ops("renovation-upload", "--file", await writePng());
    const picPath = /\/uploads\/\S+/.exec(pic.out)![0];
    const [leaf] = await app.ctx.db
      .select({ id: categories.categoryId })
      .from(categories)
      .where(and(eq(categories.shopId, 0), eq(categories.grade, 2), eq(categories.status, 1)))
      .limit(1);
    file = path.join(dir, "product.json");
    await fs.writeFile(
      file,
      JSON.stringify({
        code: "OPS-1",
        categoryId: leaf!.id,
        texts: { zh: { name: "命令行商品" }, en: { name: "CLI product" } },
        pic: picPath,
        skus: [{ price: "12.00", stocks: 4 }],
        onSale: true,
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  async function writePng(): Promise<string> {
    const { PNG_1X1 } = await import("../helpers.ts");
    const f = path.join(dir, "p.png");
    await fs.writeFile(f, PNG_1X1);
    return f;
  }

  it("creates a product from a file, lists it, changes its price and stock, shelves and deletes it", async () => {
    const c = await ops("product-create", "--file", file);
    expect(c.code, c.err).toBe(0);
    expect(c.out).toMatch(/created product \d+ \(on sale\)/);
    expect(c.out).toContain("missing languages (zh shown there): zh-tw");
    const prodId = /product (\d+)/.exec(c.out)![1]!;
    const [sku] = await app.ctx.db
      .select()
      .from(skus)
      .where(eq(skus.prodId, Number(prodId)));
    const list = await ops("products", "--status", "1", "--size", "100");
    expect(list.out).toContain("OPS-1");
    const price = await ops("product-price", prodId, String(sku!.skuId), "--price", "9.90", "--stock", "20");
    expect(price.code, price.err).toBe(0);
    expect(price.out).toContain("price 9.90 (original 12.00), stock 20");
    // A negative delta as its own word, as people type it, and with "=".
    expect((await ops("product-price", prodId, String(sku!.skuId), "--delta", "-3")).out).toContain("stock 17");
    expect((await ops("product-price", prodId, String(sku!.skuId), "--delta=-2")).out).toContain("stock 15");
    const below = await ops("product-price", prodId, String(sku!.skuId), "--delta=-16");
    expect(below.code).toBe(1);
    expect(below.err).toContain("stock change: would take the stock below 0 (now 15)");
    expect((await ops("product", prodId)).out).toMatch(/9\.90\s+12\.00\s+15/);
    // The whole product again from the same file: its SKU keeps its id (matched by code or combination).
    const upd = await ops("product-update", prodId, "--file", file);
    expect(upd.code, upd.err).toBe(0);
    expect(upd.out).toMatch(new RegExp(`updated product ${prodId} \\(on sale\\), SKUs ${sku!.skuId}\\b`));
    expect((await ops("product-update", "x", "--file", file)).err).toContain("product-update needs a product id");
    expect((await ops("product-off", prodId)).out).toContain("off shelf");
    expect((await ops("product-on", prodId)).out).toContain("on sale");
    const off = await ops("product-platform-off", prodId, "--reason", "counterfeit");
    expect(off.code, off.err).toBe(0);
    const back = await ops("product-on", prodId, "--lang", "zh");
    expect(back.code).toBe(1);
    expect(back.err).toContain("该商品已被平台下架");
    expect((await ops("product-delete", prodId)).code).toBe(0);
    const [p] = await app.ctx.db
      .select()
      .from(products)
      .where(eq(products.prodId, Number(prodId)));
    expect(p!.status).toBe(-1);
  });

  it("prints the located refusal of a bad file and changes nothing", async () => {
    const bad = path.join(dir, "bad.json");
    const body = JSON.parse(await fs.readFile(file, "utf8")) as { skus: unknown[] };
    await fs.writeFile(
      bad,
      JSON.stringify({ ...body, code: "OPS-2", skus: [{ price: "5.00", oriPrice: "4.00", stocks: 1 }] }),
    );
    const r = await ops("product-create", "--file", bad);
    expect(r.code).toBe(1);
    expect(r.err).toContain("SKU › no. 1 › original price: must not be below the price");
    expect((await ops("products", "--size", "100")).out).not.toContain("OPS-2");
  });
});
