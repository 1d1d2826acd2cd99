/**
 * README's shop walk-through ("Orders you place as `demo` …") and its goods lines (create a
 * product, change a price, import a catalogue, the CSV edit): their `npm run ops` lines, run as
 * written (the placeholders filled in from what the CLI prints, the files it names written to a
 * folder of the test) against the API on a freshly seeded database, print what the README says —
 * the first package number included.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOps, type OpsIO } from "../../../scripts/ops/main.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { createTestApp, dbDriver, dbReady, PNG_1X1, type TestApp } from "../helpers.ts";

const README = fs.readFileSync("README.md", "utf8");

/** The README's `npm run ops -- <command> …` line of `command`, as argv (comment cut, quotes removed). */
function readmeLine(command: string): string[] {
  const line = README.split("\n").find((l) => l.startsWith(`npm run ops -- ${command} `));
  if (!line) throw new Error(`README has no "npm run ops -- ${command}" line`);
  const code = line.slice("npm run ops -- ".length).split(/\s+#\s/)[0]!;
  return [...code.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2]!);
}

describe.skipIf(!dbReady)("README: the ops walk-through on a fresh seed", () => {
  let app: TestApp;
  let dir: string;

  beforeAll(async () => {
    app = await createTestApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "mall-readme-ops-"));
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const ops = async (argv: string[]) => {
    const out: string[] = [];
    const err: string[] = [];
    const io: OpsIO = {
      fetch: ((input: RequestInfo | URL, init?: RequestInit) =>
        app.api.fetch(new Request(input, init))) as typeof fetch,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      env: { HOME: dir },
    };
    const code = await runOps([...argv, "--url", "http://mall.test", "--token-file", path.join(dir, "t.json")], io);
    return { code, out: out.join("\n"), err: err.join("\n") };
  };

  it("ship prints the package number the README gives, and trace takes it", async () => {
    const first = /first `ship` prints `#(\d+)`, so its trace is\s+`trace (\d+)`/.exec(README);
    expect(first, "README names the first package number of a fresh seed").not.toBeNull();
    expect(first![2]).toBe(first![1]);
    // The seed's packages are numbered 1 … N-1, without gaps.
    const [seeded] = rowsOf<{ n: number; max: number }>(
      await app.ctx.db.execute(sql`select count(*)::int as n, max(order_delivery_id)::int as max from deliveries`),
    );
    expect(seeded).toEqual({ n: Number(first![1]) - 1, max: Number(first![1]) - 1 });
    // PGlite's test database is loaded from a dump of a running one, which PostgreSQL treats like a
    // crash: a sequence then skips the values it had logged ahead. A seeded and cleanly stopped
    // database (npm run db:seed) does not; the PostgreSQL copy shows it unchanged.
    if (dbDriver === "pglite")
      await app.ctx.db.execute(
        sql`select setval(pg_get_serial_sequence('deliveries', 'order_delivery_id'), (select max(order_delivery_id) from deliveries))`,
      );

    expect((await ops(readmeLine("login"))).code).toBe(0);
    const list = await ops(readmeLine("orders"));
    expect(list.code).toBe(0);
    const orderNumber = /^(\d{19})\s+2 to ship/m.exec(list.out)?.[1];
    expect(orderNumber, list.out).toBeDefined();

    const ship = readmeLine("ship").map((a) => (a === "<orderNumber>" ? orderNumber! : a));
    const shipped = await ops(ship);
    expect(shipped).toMatchObject({ code: 0, out: `shipped ${orderNumber} in 1 package(s): #${first![1]}` });

    const trace = readmeLine("trace").map((a) => (a === "<N>" ? first![1]! : a));
    expect(await ops(trace)).toMatchObject({ code: 0, out: `added "in transit" to package #${first![1]}` });
  });

  it("the goods lines: upload a picture, create a product, change its price, import a catalogue, edit prices by CSV", async () => {
    expect((await ops(readmeLine("login"))).code).toBe(0);
    // The files the README names, in a folder of their own.
    const file = (a: string) => (/^[a-z]+\.(png|json|jsonl|csv)$/.test(a) ? path.join(dir, a) : a);
    fs.writeFileSync(path.join(dir, "photo.png"), PNG_1X1);
    const uploaded = await ops(readmeLine("renovation-upload").map(file));
    expect(uploaded.code, uploaded.err).toBe(0);
    expect(uploaded.out).toMatch(/^\/uploads\/\S+$/);
    const [leaf] = rowsOf<{ id: number }>(
      await app.ctx.db.execute(
        sql`select category_id as id from categories where shop_id = 0 and grade = 2 and status = 1 order by category_id limit 1`,
      ),
    );
    const product = (code: string, name: string) => ({
      code,
      categoryId: leaf!.id,
      texts: { zh: { name }, en: { name } },
      pic: uploaded.out,
      skus: [{ code: `${code}-1`, price: "49.00", stocks: 120 }],
      onSale: true,
    });
    fs.writeFileSync(path.join(dir, "product.json"), JSON.stringify(product("MUG", "马克杯 Mug")));
    const created = await ops(readmeLine("product-create").map(file));
    expect(created.code, created.err).toBe(0);
    const made = /^created product (\d+) \(on sale\), SKUs (\d+)/.exec(created.out);
    expect(made, created.out).not.toBeNull();
    const fill = (a: string) => (a === "<prodId>" ? made![1]! : a === "<skuId>" ? made![2]! : a);
    const priced = await ops(readmeLine("product-price").map(fill));
    expect(priced).toMatchObject({
      code: 0,
      out: `SKU ${made![2]}: price 35.00 (original 49.00), stock 120, version 1`,
    });

    fs.writeFileSync(
      path.join(dir, "catalogue.jsonl"),
      `${JSON.stringify(product("CAT-1", "杯 1"))}\n${JSON.stringify(product("CAT-2", "杯 2"))}\n`,
    );
    const imported = await ops(readmeLine("product-import").map(file));
    expect(imported).toMatchObject({ code: 0, out: "imported 2 lines: 2 created, 0 updated, 0 unchanged, 0 refused" });
    const again = await ops(readmeLine("product-import").map(file));
    expect(again.out).toBe("imported 2 lines: 0 created, 0 updated, 2 unchanged, 0 refused");

    fs.writeFileSync(path.join(dir, "prices.csv"), "code,price,stock\nCAT-1-1,39.00,80\nMUG,,100\n");
    expect(await ops(readmeLine("product-prices").map(file))).toMatchObject({
      code: 0,
      out: "2 rows: 2 changed, 0 refused",
    });
  });
});
