/**
 * The bulk import and the CSV price/stock edit (docs/product.md "Bulk import", "CSV price and
 * stock edit") through `npm run ops -- product-import` / `product-prices` and the API, on PGlite
 * and PostgreSQL: good lines applied while every refused line is reported with its number, field
 * and reason in the caller's language; a second run changes nothing; a dry run writes nothing; an
 * import killed mid-file (a child process) goes on from its checkpoint to the exact counts; a shop
 * never reaches another shop's code, categories or pictures; oversized requests are refused.
 */
import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { serve, type ServerType } from "@hono/node-server";
import { and, count, eq, like } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { products, productTranslations, skus } from "../../../src/server/db/schema/index.ts";
import { createTestApp, dbReady, okData, type TestApp } from "../helpers.ts";
import { opsCli, type OpsResult } from "../ops-helpers.ts";
import { productCategories, uploadPicture } from "./product-fixtures.ts";

type Ops = (...argv: string[]) => Promise<OpsResult>;

describe.skipIf(!dbReady)("bulk import and CSV edit", () => {
  let app: TestApp;
  let dir: string;
  let ops1: Ops;
  let ops4: Ops;
  let pic1: string;
  let pic4: string;
  let leaf: number;
  let upper: number;

  const upload = (token: string) => uploadPicture(app, token);
  const token = async (username: string) =>
    okData(
      await app.request<{ accessToken: string }>("/api/merchant/login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username, password: "Shop1234" }),
      }),
    ).accessToken;

  /** A product line: 3 SKUs, 3 languages. */
  const line = (code: string, over: Record<string, unknown> = {}, pic = pic1) =>
    JSON.stringify({
      code,
      categoryId: leaf,
      texts: {
        zh: { name: `导入商品 ${code}`, brief: "简介" },
        "zh-tw": { name: `匯入商品 ${code}` },
        en: { name: `Imported ${code}` },
      },
      pic,
      skus: ["S", "M", "L"].map((size, i) => ({
        code: `${code}-${size}`,
        properties: [
          { name: { zh: "尺码", "zh-tw": "尺碼", en: "Size" }, value: { zh: size, "zh-tw": size, en: size } },
        ],
        price: `${10 + i}.50`,
        stocks: 5,
      })),
      onSale: true,
      ...over,
    });
  const write = async (name: string, lines: string[]) => {
    const f = path.join(dir, name);
    await fs.writeFile(f, `${lines.join("\n")}\n`);
    return f;
  };
  const countCodes = async (prefix: string, shopId = 1) =>
    (
      await app.ctx.db
        .select({ n: count() })
        .from(products)
        .where(and(eq(products.shopId, shopId), like(products.code, `${prefix}%`)))
    )[0]!.n;
  const summary = (out: string) => {
    const m = /(\d[\d,]*) lines?: (\d+) created, (\d+) updated, (\d+) unchanged, (\d+) refused/.exec(out);
    expect(m, out).not.toBeNull();
    const [lines, created, updated, unchanged, refused] = m!.slice(1).map((s) => Number(s.replace(/,/g, "")));
    return { lines, created, updated, unchanged, refused };
  };

  beforeAll(async () => {
    app = await createTestApp();
    dir = await fs.mkdtemp(path.join(os.tmpdir(), "ops-import-"));
    ops1 = opsCli(app, path.join(dir, "a"));
    ops4 = opsCli(app, path.join(dir, "b"));
    await fs.mkdir(path.join(dir, "a"));
    await fs.mkdir(path.join(dir, "b"));
    expect((await ops1("login", "--user", "shop01", "--password", "Shop1234")).code).toBe(0);
    expect((await ops4("login", "--user", "shop04", "--password", "Shop1234")).code).toBe(0);
    pic1 = await upload(await token("shop01"));
    pic4 = await upload(await token("shop04"));
    ({ leaf, upper } = await productCategories(app));
  });
  afterAll(async () => {
    await app?.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it("applies the good lines, reports every refused one located, and a second run changes nothing", async () => {
    const lines = [
      line("IMP-1"),
      line("IMP-2"),
      "{not json",
      "",
      line("IMP-3", { skus: [{ price: "0", stocks: 1 }] }),
      line("IMP-4", { categoryId: upper }),
      line("IMP-5", {}, pic4),
      JSON.stringify({ ...JSON.parse(line("IMP-6")), code: undefined }),
      `{"code":"IMP-7","x":"${"y".repeat(300 * 1024)}"}`,
      line("IMP-8"),
    ];
    const file = await write("catalogue.jsonl", lines);

    const dry = await ops1("product-import", file, "--dry-run");
    expect(dry.code).toBe(1);
    expect(summary(dry.out)).toEqual({ lines: 9, created: 3, updated: 0, unchanged: 0, refused: 6 });
    expect(dry.out).toContain("checked (dry run, nothing written)");
    expect(await countCodes("IMP-")).toBe(0);

    const first = await ops1("product-import", file);
    expect(first.code).toBe(1);
    expect(summary(first.out)).toEqual({ lines: 9, created: 3, updated: 0, unchanged: 0, refused: 6 });
    expect(first.out).toContain("line 3: is not a JSON object on one line");
    expect(first.out).toContain("line 5: SKU › no. 1 › price: must be above 0");
    expect(first.out).toContain(`line 6: category: category ${upper} is not a third-level category`);
    expect(first.out).toContain(`line 7: main picture: picture ${pic4} not found`);
    expect(first.out).toContain("line 8: code: is required on every import line");
    expect(first.out).toContain("line 9: The line is longer than 256 KB");
    const report = (await fs.readFile(`${file}.refused.jsonl`, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { line: number; field: string; message: string });
    expect(report.map((r) => [r.line, r.field])).toEqual([
      [3, ""],
      [5, "skus.0.price"],
      [6, "categoryId"],
      [7, "pic"],
      [8, "code"],
      [9, ""],
    ]);
    expect(await countCodes("IMP-")).toBe(3);
    const [p] = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.code, "IMP-8")));
    expect(p).toMatchObject({ status: 1, price: "10.50", oriPrice: "10.50", totalStocks: 15 });
    const texts = await app.ctx.db.select().from(productTranslations).where(eq(productTranslations.prodId, p!.prodId));
    expect(texts.map((t) => t.locale).sort()).toEqual(["en", "zh", "zh-tw"]);
    const skuRows = await app.ctx.db.select().from(skus).where(eq(skus.prodId, p!.prodId));
    expect(skuRows.map((s) => s.code).sort()).toEqual(["IMP-8-L", "IMP-8-M", "IMP-8-S"]);
    // The storefront sees it at once.
    expect((await app.get(`/api/prod/prodInfo?prodId=${p!.prodId}`, "en")).body.data).toMatchObject({
      prodName: "Imported IMP-8",
    });
    // The finished run leaves no checkpoint: the next run reads the whole file again.
    await expect(fs.access(`${file}.checkpoint.json`)).rejects.toThrow();

    const second = await ops1("product-import", file, "--lang", "zh");
    expect(summary(second.out)).toEqual({ lines: 9, created: 0, updated: 0, unchanged: 3, refused: 6 });
    expect(second.out).toContain("第 1 个 › 价格");
    expect(second.out).toContain("line 8: 编码: ");
    const [again] = await app.ctx.db.select().from(products).where(eq(products.prodId, p!.prodId));
    expect(again!.updatedAt).toEqual(p!.updatedAt);
    expect((await app.ctx.db.select().from(skus).where(eq(skus.prodId, p!.prodId))).map((s) => s.version)).toEqual(
      skuRows.map((s) => s.version),
    );

    // A changed line updates its product, SKUs matched by code keep their ids.
    const changed = await write("changed.jsonl", [line("IMP-8", { onSale: false })]);
    expect(summary((await ops1("product-import", changed)).out)).toMatchObject({ created: 0, updated: 1 });
    const [after] = await app.ctx.db.select().from(products).where(eq(products.prodId, p!.prodId));
    expect(after!.status).toBe(0);
    const afterSkus = await app.ctx.db.select().from(skus).where(eq(skus.prodId, p!.prodId));
    expect(afterSkus.map((s) => s.skuId).sort()).toEqual(skuRows.map((s) => s.skuId).sort());
  });

  it("skips a line its product was last saved from; a chunk changing that product applies in order; a save clears it", async () => {
    const auth = await token("shop01");
    const send = async (lines: string[]) =>
      okData(
        await app.request<{ created: number; updated: number; unchanged: number; refused: unknown[] }>(
          "/api/merchant/products/import?firstLine=1",
          {
            method: "POST",
            headers: { Authorization: auth, "content-type": "text/plain" },
            body: `${lines.join("\n")}\n`,
          },
        ),
      );
    const original = line("SKIP-1");
    const changed = line("SKIP-1", { onSale: false });
    expect(await send([original, line("SKIP-2")])).toMatchObject({ created: 2, updated: 0, unchanged: 0 });
    expect(await send([original, line("SKIP-2")])).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    const status = async () =>
      (
        await app.ctx.db
          .select({ status: products.status, hash: products.importHash })
          .from(products)
          .where(and(eq(products.shopId, 1), eq(products.code, "SKIP-1")))
      )[0]!;
    // The changed line first, then the line the product was saved from: it ends as the later line says.
    expect(await send([changed, original])).toMatchObject({ updated: 2, unchanged: 0 });
    expect((await status()).status).toBe(1);
    // A save of the whole product clears the line's hash: the same line is applied again.
    const [{ prodId }] = await app.ctx.db
      .select({ prodId: products.prodId })
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.code, "SKIP-1")));
    okData(
      await app.request(`/api/merchant/products/${prodId}`, {
        method: "PUT",
        headers: { Authorization: auth, "content-type": "application/json" },
        body: changed,
      }),
    );
    expect(await status()).toEqual({ status: 0, hash: null });
    expect(await send([original])).toMatchObject({ updated: 1, unchanged: 0 });
    expect((await status()).status).toBe(1);
    expect(await send([original])).toMatchObject({ updated: 0, unchanged: 1 });
  });

  it("sends long multi-byte lines in chunks within the request limit", async () => {
    // 150 lines of about 57 KB (19,000 CJK characters of description each): 8.5 MB, more than one
    // request may carry, in fewer characters than the chunk's byte target.
    const content = `<p>${"杯".repeat(19_000)}</p>`;
    const lines = Array.from({ length: 150 }, (_, i) =>
      line(`BIG-${i + 1}`, { texts: { zh: { name: `大商品 ${i + 1}`, content } } }),
    );
    const file = await write("big.jsonl", lines);
    expect((await fs.stat(file)).size).toBeGreaterThan(8 * 1024 * 1024);
    const r = await ops1("product-import", file);
    expect(r.code, r.out + r.err).toBe(0);
    expect(summary(r.out)).toEqual({ lines: 150, created: 150, updated: 0, unchanged: 0, refused: 0 });
    expect(await countCodes("BIG-")).toBe(150);
  });

  it("keeps every shop to its own codes, categories and pictures", async () => {
    const file = await write("shop1.jsonl", [line("OWN-1")]);
    expect((await ops1("product-import", file)).code).toBe(0);
    const [mine] = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.code, "OWN-1")));
    // Shop 4 imports the same code: its own product, shop 1's untouched.
    const other = await write("shop4.jsonl", [
      line("OWN-1", {}, pic4),
      line("OWN-2", {}, pic1),
      line(
        "OWN-3",
        {
          skus: [
            {
              skuId: (await app.ctx.db.select().from(skus).where(eq(skus.prodId, mine!.prodId)))[0]!.skuId,
              price: "1.00",
              stocks: 1,
            },
          ],
        },
        pic4,
      ),
    ]);
    const r = await ops4("product-import", other);
    expect(summary(r.out)).toEqual({ lines: 3, created: 1, updated: 0, unchanged: 0, refused: 2 });
    expect(r.out).toContain(`line 2: main picture: picture ${pic1} not found`);
    expect(r.out).toMatch(/line 3: SKU › no\. 1 › SKU id: SKU \d+ not found/);
    const [theirs] = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, 4), eq(products.code, "OWN-1")));
    expect(theirs!.prodId).not.toBe(mine!.prodId);
    const [still] = await app.ctx.db.select().from(products).where(eq(products.prodId, mine!.prodId));
    expect(still).toEqual(mine);
  });

  it("refuses a request over its size or line limit with the caller's language", async () => {
    const t = await token("shop01");
    const big = await app.request("/api/merchant/products/import", {
      method: "POST",
      headers: { Authorization: t, "Accept-Language": "en", "content-type": "application/x-ndjson" },
      body: "x".repeat(8 * 1024 * 1024 + 1),
    });
    expect(big.status).toBe(413);
    expect(big.body.msg).toContain("An import request is at most 8 MB");
    const many = await app.request("/api/merchant/products/import", {
      method: "POST",
      headers: { Authorization: t, "Accept-Language": "zh" },
      body: "\n".repeat(1001) + "{}",
    });
    expect(many.body.msg).toBe("每次请求最多 1000 行");
    const firstLine = await app.request("/api/merchant/products/import?firstLine=0", {
      method: "POST",
      headers: { Authorization: t, "Accept-Language": "en" },
      body: "{}",
    });
    expect(firstLine.body.code).not.toBe("00000");
  });

  it("goes on after a kill from the checkpoint to the exact counts", async () => {
    const n = 400;
    const lines = Array.from({ length: n }, (_, i) => line(`RES-${i + 1}`));
    lines[4] = "[1, 2";
    lines[n - 3] = line(`RES-${n - 2}`, { skus: [{ price: "1.001", stocks: 1 }] });
    const file = await write("resume.jsonl", lines);
    const server: ServerType = await new Promise((resolve) => {
      const s = serve({ fetch: app.api.fetch, hostname: "127.0.0.1", port: 0 }, () => resolve(s));
    });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const child = spawn(
        process.execPath,
        ["--import", "tsx", "scripts/ops/main.ts", "product-import", file, "--chunk", "5", "--url", url],
        {
          env: {
            ...process.env,
            MALL_OPS_USER: "shop01",
            MALL_OPS_PASSWORD: "Shop1234",
            MALL_OPS_TOKEN_FILE: path.join(dir, "child-tokens.json"),
          },
          stdio: "ignore",
        },
      );
      const exited = new Promise((r) => child.once("exit", r));
      const cpFile = `${file}.checkpoint.json`;
      let killedAt = 0;
      const until = Date.now() + 120_000;
      while (!killedAt && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 20));
        const cp = await fs.readFile(cpFile, "utf8").catch(() => null);
        if (cp && (JSON.parse(cp) as { line: number }).line >= 40) {
          child.kill("SIGKILL");
          killedAt = (JSON.parse(cp) as { line: number }).line;
        }
      }
      await exited;
      expect(killedAt, "the child was killed mid-file").toBeGreaterThan(0);
      expect(killedAt).toBeLessThan(n);
      const before = await countCodes("RES-");
      expect(before).toBeGreaterThan(0);
      expect(before).toBeLessThan(n - 2);

      const rest = await ops1("product-import", file);
      const cp = JSON.parse(await fs.readFile(cpFile, "utf8").catch(() => "null")) as unknown;
      expect(cp).toBeNull();
      expect(rest.out).toMatch(/^resuming after line \d+/);
      const s = summary(rest.out);
      expect(s.lines).toBe(n);
      expect(s.refused).toBe(2);
      expect(s.updated).toBe(0);
      // The chunk on its way when the child was killed may have been applied: its lines are unchanged now.
      expect(s.created + s.unchanged).toBe(n - 2);
      expect(s.unchanged).toBeLessThanOrEqual(5);
      expect(await countCodes("RES-")).toBe(n - 2);
      const report = (await fs.readFile(`${file}.refused.jsonl`, "utf8")).trim().split("\n");
      expect(report.map((l) => (JSON.parse(l) as { line: number }).line)).toEqual([5, n - 2]);
      const [skuCount] = await app.ctx.db
        .select({ n: count() })
        .from(skus)
        .innerJoin(products, eq(products.prodId, skus.prodId))
        .where(and(eq(products.shopId, 1), like(products.code, "RES-%")));
      expect(skuCount!.n).toBe((n - 2) * 3);

      const again = await ops1("product-import", file);
      expect(summary(again.out)).toEqual({ lines: n, created: 0, updated: 0, unchanged: n - 2, refused: 2 });
    } finally {
      await new Promise((r) => server.close(r));
    }
  }, 240_000);

  it("CSV edit: prices and stock by SKU or product code, every bad row located, the rest applied", async () => {
    const file = await write("catalogue-csv.jsonl", [
      line("CSV-1"),
      line("CSV-2", { skus: [{ price: "8.00", oriPrice: "9.00", stocks: 3 }] }),
    ]);
    expect((await ops1("product-import", file)).code).toBe(0);
    // Another product of the shop with a SKU code CSV-1-M too: that code names no single SKU.
    const dup = await write("dup.jsonl", [line("CSV-3", { skus: [{ code: "CSV-1-M", price: "1.00", stocks: 1 }] })]);
    expect((await ops1("product-import", dup)).code).toBe(0);
    const csv = path.join(dir, "prices.csv");
    await fs.writeFile(
      csv,
      [
        "code,price,stock",
        "CSV-1-S,9.90,20",
        "CSV-1-L,,7",
        '"CSV-2","7.50",""',
        "NOPE-1,1.00,1",
        "CSV-1-S,1.234,",
        "CSV-1-S,2.00,-1",
        "CSV-1-S,,",
        "CSV-1-S,2.00",
        "CSV-1-M,2.00,2",
        "",
      ].join("\r\n"),
    );
    const r = await ops1("product-prices", csv);
    expect(r.code).toBe(1);
    expect(r.out).toContain("9 rows: 3 changed, 6 refused");
    expect(r.out).toContain("line 5: code: no SKU of your shop has this code");
    expect(r.out).toContain("line 6: price: must be a number with at most 2 decimals");
    expect(r.out).toContain("line 7: stock: must be a whole number");
    expect(r.out).toContain("line 8: give a price or a stock (or both)");
    expect(r.out).toContain("line 9: a row is code,price,stock (3 columns; this one has 2)");
    expect(r.out).toContain("line 10: code: several SKUs of your shop have this code");
    const zh = await ops1("product-prices", csv, "--lang", "zh-tw");
    expect(zh.out).toContain("line 8: 請填寫價格或庫存（或兩者）");

    const [p1] = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.code, "CSV-1")));
    const list = await app.ctx.db.select().from(skus).where(eq(skus.prodId, p1!.prodId));
    const by = Object.fromEntries(list.map((s) => [s.code, s]));
    expect(by["CSV-1-S"]).toMatchObject({ price: "9.90", stocks: 20 });
    expect(by["CSV-1-M"]).toMatchObject({ price: "11.50", stocks: 5 });
    expect(by["CSV-1-L"]).toMatchObject({ price: "12.50", stocks: 7 });
    expect(p1).toMatchObject({ price: "9.90", totalStocks: 32 });
    const [p2] = await app.ctx.db
      .select()
      .from(products)
      .where(and(eq(products.shopId, 1), eq(products.code, "CSV-2")));
    expect(p2).toMatchObject({ price: "7.50", oriPrice: "9.00", totalStocks: 3 });
    // Another shop's code is unknown to this one.
    const other = path.join(dir, "other.csv");
    await fs.writeFile(other, "CSV-1-S,1.00,1\n");
    const o = await ops4("product-prices", other);
    expect(o.out).toContain("line 1: code: no SKU of your shop has this code");
    expect((await app.ctx.db.select().from(skus).where(eq(skus.code, "CSV-1-S")))[0]).toMatchObject({ stocks: 20 });
  });
});
