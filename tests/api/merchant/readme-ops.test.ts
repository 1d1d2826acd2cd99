/**
 * README's shop walk-through ("Orders you place as `demo` …"): its `npm run ops` lines, run as
 * written (the placeholders filled in from what the CLI prints) against the API on a freshly
 * seeded database, print what the README says — the first package number included.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runOps, type OpsIO } from "../../../scripts/ops/main.ts";
import { rowsOf } from "../../../src/server/db/client.ts";
import { createTestApp, dbDriver, dbReady, type TestApp } from "../helpers.ts";

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
});
