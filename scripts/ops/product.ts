/**
 * Products in the ops CLI (docs/product.md): the logged-in shop's goods — list, read, create and
 * update from a JSON body file (docs/product.schema.json), one SKU's price or stock (absolute
 * values with the version just read, or a delta), shelves, delete; the bulk import of a JSON Lines
 * catalogue (streamed in chunks, resumable from its checkpoint, a dry run, every refused line
 * reported) and the CSV price/stock edit; and the platform's off-shelf.
 */
import fs from "node:fs";
import {
  IMPORT_CHUNK_MAX_LINES,
  IMPORT_CHUNK_TARGET_BYTES,
  IMPORT_LINE_MAX_BYTES,
  PRICE_ROWS_MAX,
} from "../../src/lib/product/bulk.ts";
import { intOpt, OpsError, UsageError, type Values } from "./args.ts";
import type { CommandContext, OpsCommand } from "./command.ts";
import { fileLines, progressLine, readCheckpoint, writeCheckpoint, type Checkpoint } from "./line-file.ts";
import { printPage, progressOf, table, time, type ListPage } from "./output.ts";

interface Row {
  prodId: number;
  code: string | null;
  name: string;
  status: number;
  price: string;
  totalStocks: number;
  updateTime: string;
}
interface Saved {
  prodId: number;
  skuIds: number[];
  status: number;
  missingLocales: string[];
}
interface Sku {
  skuId: number;
  code: string | null;
  price: string;
  oriPrice: string;
  stocks: number;
  version: number;
}

interface Refused {
  line: number;
  field: string;
  message: string;
}
interface ImportAnswer {
  lines: number;
  created: number;
  updated: number;
  unchanged: number;
  refused: Refused[];
}
interface PricesAnswer {
  lines: number;
  changed: number;
  refused: Refused[];
}

const STATUS: Record<number, string> = { 0: "off shelf", 1: "on sale", 2: "off (platform)" };

function readBody(v: Values): unknown {
  if (!v.file) throw new UsageError("needs --file <product.json> (see docs/product.schema.json)");
  try {
    return JSON.parse(fs.readFileSync(v.file, "utf8"));
  } catch (err) {
    throw new OpsError(`cannot read ${v.file}: ${(err as Error).message}`);
  }
}

const idArg = (ctx: CommandContext, i: number, what: string): string => {
  const s = ctx.args[i];
  if (!s || !/^\d{1,10}$/.test(s)) throw new UsageError(`${ctx.command} needs ${what} (a number)`);
  return s;
};

const saved = (ctx: CommandContext, verb: string, r: Saved) => {
  if (ctx.v.json) return ctx.io.out(JSON.stringify(r));
  ctx.io.out(`${verb} product ${r.prodId} (${STATUS[r.status] ?? r.status}), SKUs ${r.skuIds.join(", ")}`);
  if (r.missingLocales.length) ctx.io.out(`missing languages (zh shown there): ${r.missingLocales.join(", ")}`);
};

/**
 * A command on one product of the shop (its id the first argument): checks the arguments, then
 * `act` with the id; exit code 0.
 */
const onProduct = (
  name: string,
  usage: string,
  act: (ctx: CommandContext, id: string) => Promise<void>,
  section: OpsCommand["section"] = "shop",
): OpsCommand => ({
  name,
  section,
  usage: [usage],
  async run(ctx) {
    ctx.need(1, "a product id");
    await act(ctx, idArg(ctx, 0, "a product id"));
    return 0;
  },
});

const shelf = (name: string, path: string, usage: string): OpsCommand =>
  onProduct(name, usage, async (ctx, id) => {
    const r = await ctx.client.call<{ status: number }>("POST", `/merchant/products/${id}/${path}`);
    ctx.io.out(`product ${id}: ${STATUS[r.status] ?? r.status}`);
  });

export const commands: OpsCommand[] = [
  {
    name: "products",
    section: "shop",
    usage: [
      "  products [--status 0|1|2] [--stock N] [--page N] [--size N]  the shop's products (--stock: a SKU at most N)",
    ],
    async run({ v, io, client, need }) {
      need(0, "no arguments");
      const q = new URLSearchParams();
      if (v.status !== undefined) q.set("status", v.status);
      if (v.stock !== undefined) q.set("lowStock", String(intOpt("stock", v.stock)));
      q.set("current", String(intOpt("page", v.page) ?? 1));
      q.set("size", String(intOpt("size", v.size) ?? 20));
      const page = await client.call<ListPage<Row>>("GET", `/merchant/products?${q.toString()}`);
      printPage(io.out, v.json, page, "product", (rows) =>
        table([
          ["id", "code", "status", "price", "stock", "updated", "name"],
          ...rows.map((r) => [
            String(r.prodId),
            r.code ?? "-",
            STATUS[r.status] ?? String(r.status),
            r.price,
            String(r.totalStocks),
            time(r.updateTime),
            r.name,
          ]),
        ]),
      );
      return 0;
    },
  },
  onProduct(
    "product",
    "  product <prodId>              one product: status, texts' languages, SKUs with price, stock, version",
    async (ctx, id) => {
      const p = await ctx.client.call<{
        prodId: number;
        status: number;
        offShelfReason: string | null;
        missingLocales: string[];
        texts: Record<string, { name: string }>;
        skus: Sku[];
      }>("GET", `/merchant/products/${id}`);
      if (ctx.v.json) return ctx.io.out(JSON.stringify(p, null, 2));
      ctx.io.out(`Product ${p.prodId}  ${STATUS[p.status] ?? p.status}  ${p.texts.zh?.name ?? ""}`);
      if (p.offShelfReason) ctx.io.out(`  taken off by the platform: ${p.offShelfReason}`);
      if (p.missingLocales.length) ctx.io.out(`  missing languages: ${p.missingLocales.join(", ")}`);
      for (const line of table([
        ["skuId", "code", "price", "original", "stock", "version"],
        ...p.skus.map((s) => [
          String(s.skuId),
          s.code ?? "-",
          s.price,
          s.oriPrice,
          String(s.stocks),
          String(s.version),
        ]),
      ]))
        ctx.io.out(`  ${line}`);
    },
  ),
  {
    name: "product-create",
    section: "shop",
    usage: ["  product-create --file product.json  a new product (the body of docs/product.schema.json)"],
    async run(ctx) {
      ctx.need(0, "no arguments");
      saved(ctx, "created", await ctx.client.call<Saved>("POST", "/merchant/products", readBody(ctx.v)));
      return 0;
    },
  },
  onProduct(
    "product-update",
    "  product-update <prodId> --file product.json  the whole product again",
    async (ctx, id) =>
      saved(ctx, "updated", await ctx.client.call<Saved>("PUT", `/merchant/products/${id}`, readBody(ctx.v))),
  ),
  {
    name: "product-price",
    section: "shop",
    usage: [
      "  product-price <prodId> <skuId> [--price 9.90] [--stock 50 | --delta -2]",
      "                                one SKU: price and stock as read now (refused if changed meanwhile), or a stock delta",
    ],
    async run(ctx) {
      ctx.need(2, "a product id and a SKU id");
      const id = idArg(ctx, 0, "a product id");
      const skuId = idArg(ctx, 1, "a SKU id");
      const { v } = ctx;
      const path = `/merchant/products/${id}/skus/${skuId}`;
      let body: Record<string, unknown>;
      if (v.delta !== undefined) {
        if (v.price !== undefined || v.stock !== undefined) throw new UsageError("--delta goes alone");
        if (!/^[+-]?\d{1,8}$/.test(v.delta))
          throw new UsageError("--delta is a whole number such as --delta 5 or --delta -2");
        body = { stocksDelta: Number(v.delta) };
      } else {
        if (v.price === undefined && v.stock === undefined) throw new UsageError("give --price, --stock or --delta");
        const p = await ctx.client.call<{ skus: Sku[] }>("GET", `/merchant/products/${id}`);
        const sku = p.skus.find((s) => String(s.skuId) === skuId);
        if (!sku) throw new OpsError(`SKU ${skuId} is not a SKU of product ${id}`);
        body = { version: sku.version };
        if (v.price !== undefined) body.price = v.price;
        if (v.stock !== undefined) body.stocks = intOpt("stock", v.stock);
      }
      const r = await ctx.client.call<Sku>("PUT", path, body);
      if (v.json) ctx.io.out(JSON.stringify(r));
      else
        ctx.io.out(
          `SKU ${r.skuId}: price ${r.price} (original ${r.oriPrice}), stock ${r.stocks}, version ${r.version}`,
        );
      return 0;
    },
  },
  shelf("product-on", "onShelf", "  product-on <prodId>           put on sale"),
  shelf("product-off", "offShelf", "  product-off <prodId>          take off the shelf"),
  onProduct(
    "product-delete",
    "  product-delete <prodId>       delete (orders keep their snapshot)",
    async (ctx, id) => {
      await ctx.client.call("DELETE", `/merchant/products/${id}`);
      ctx.io.out(`deleted product ${id}`);
    },
  ),
  onProduct(
    "product-platform-off",
    '  product-platform-off <prodId> --reason "…"  the platform takes a product off the shelf',
    async (ctx, id) => {
      if (!ctx.v.reason) throw new UsageError("needs --reason");
      await ctx.client.platform("POST", `/products/${id}/offShelf`, { reason: ctx.v.reason });
      ctx.io.out(`product ${id}: off (platform)`);
    },
    "platform",
  ),
  {
    name: "product-import",
    section: "shop",
    usage: [
      "  product-import <file.jsonl> [--dry-run] [--restart] [--chunk N]",
      "                                a catalogue: one product body with its code a line, upserted by code;",
      "                                goes on after an interruption (<file>.checkpoint.json); refused lines",
      "                                are printed and kept in <file>.refused.jsonl; --dry-run only checks",
    ],
    run: importFile,
  },
  {
    name: "product-prices",
    section: "shop",
    usage: ["  product-prices <file.csv>     prices and stock from rows of code,price,stock (either may be blank)"],
    run: pricesFile,
  },
];

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** The file named by the command's one argument, with its size. */
function inputFile(ctx: CommandContext, what: string): { file: string; stat: fs.Stats } {
  ctx.need(1, what);
  const file = ctx.args[0]!;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile()) throw new Error("not a file");
    return { file, stat };
  } catch (err) {
    throw new OpsError(`cannot read ${file}: ${(err as Error).message}`);
  }
}

function printRefused(ctx: CommandContext, refused: readonly Refused[]) {
  for (const r of refused) ctx.io.out(`line ${r.line}: ${r.message}`);
}

/** `product-import`: the file in chunks of lines, each acknowledged chunk recorded in the checkpoint. */
async function importFile(ctx: CommandContext): Promise<number> {
  const { v, io } = ctx;
  const { file, stat } = inputFile(ctx, "a JSON Lines file (one product a line)");
  const dryRun = v["dry-run"] === true;
  const chunk = intOpt("chunk", v.chunk) ?? 500;
  if (chunk < 1 || chunk > IMPORT_CHUNK_MAX_LINES) throw new UsageError(`--chunk is 1-${IMPORT_CHUNK_MAX_LINES} lines`);
  const checkpointPath = `${file}.checkpoint.json`;
  const reportPath = `${file}.refused.jsonl`;
  let cp: Checkpoint = {
    file,
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    line: 0,
    offset: 0,
    counts: { lines: 0, created: 0, updated: 0, unchanged: 0, refused: 0 },
  };
  const found = dryRun || v.restart ? null : readCheckpoint(checkpointPath, stat);
  if (found) {
    cp = found;
    io.out(`resuming after line ${cp.line} (${checkpointPath})`);
    // Refusals of a chunk sent but not recorded in the checkpoint come again: keep the report's
    // lines up to the checkpoint only.
    const kept = fs
      .readFileSync(reportPath, { encoding: "utf8", flag: "a+" })
      .split("\n")
      .filter((l) => l !== "" && (JSON.parse(l) as Refused).line <= cp.line);
    fs.writeFileSync(reportPath, kept.map((l) => `${l}\n`).join(""));
  } else {
    if (!dryRun && !v.restart && fs.existsSync(checkpointPath))
      io.out(`${file} changed since its checkpoint: starting from line 1`);
    fs.writeFileSync(reportPath, "");
  }
  const bar = progressOf(io);
  const started = performance.now();
  const startBytes = cp.offset;
  const startLines = cp.line;
  let batch: string[] = [];
  let batchBytes = 0;
  let firstLine = cp.line + 1;
  const send = async (lastLine: number, end: number) => {
    const q = `firstLine=${firstLine}${dryRun ? "&dryRun=1" : ""}`;
    const r = await ctx.client.call<ImportAnswer>("POST", `/merchant/products/import?${q}`, `${batch.join("\n")}\n`);
    for (const k of ["lines", "created", "updated", "unchanged"] as const) cp.counts[k] = (cp.counts[k] ?? 0) + r[k];
    cp.counts.refused = (cp.counts.refused ?? 0) + r.refused.length;
    if (r.refused.length) {
      fs.appendFileSync(reportPath, r.refused.map((x) => `${JSON.stringify(x)}\n`).join(""));
      printRefused(ctx, r.refused);
    }
    cp = { ...cp, line: lastLine, offset: end };
    if (!dryRun) writeCheckpoint(checkpointPath, cp);
    bar.show(
      progressLine(
        end - startBytes,
        stat.size - startBytes,
        lastLine - startLines,
        (performance.now() - started) / 1000,
      ),
    );
    batch = [];
    batchBytes = 0;
    firstLine = lastLine + 1;
  };
  let last = { n: cp.line, end: cp.offset };
  for await (const line of fileLines(file, { offset: cp.offset, line: cp.line }, IMPORT_LINE_MAX_BYTES)) {
    batch.push(line.text);
    batchBytes += Buffer.byteLength(line.text) + 1;
    last = line;
    if (batch.length >= chunk || batchBytes >= IMPORT_CHUNK_TARGET_BYTES) await send(line.n, line.end);
  }
  if (batch.length) await send(last.n, last.end);
  bar.end();
  if (!dryRun) fs.rmSync(checkpointPath, { force: true });
  const c = cp.counts;
  const what = dryRun ? "checked (dry run, nothing written)" : "imported";
  io.out(
    `${what} ${plural(c.lines ?? 0, "line")}: ${c.created} created, ${c.updated} updated, ${c.unchanged} unchanged, ${c.refused} refused`,
  );
  if (c.refused) io.out(`refused lines: ${reportPath}`);
  return c.refused ? 1 : 0;
}

/** `product-prices`: the CSV in chunks of lines; every row on its own. */
async function pricesFile(ctx: CommandContext): Promise<number> {
  const { file } = inputFile(ctx, "a CSV file of code,price,stock");
  let lines = 0;
  let changed = 0;
  let refused = 0;
  let batch: string[] = [];
  let firstLine = 1;
  const send = async (lastLine: number) => {
    const r = await ctx.client.call<PricesAnswer>(
      "POST",
      `/merchant/products/prices?firstLine=${firstLine}`,
      `${batch.join("\n")}\n`,
    );
    lines += r.lines;
    changed += r.changed;
    refused += r.refused.length;
    printRefused(ctx, r.refused);
    batch = [];
    firstLine = lastLine + 1;
  };
  let last = 0;
  for await (const line of fileLines(file, { offset: 0, line: 0 }, 1024)) {
    batch.push(line.text);
    last = line.n;
    if (batch.length >= PRICE_ROWS_MAX) await send(line.n);
  }
  if (batch.length) await send(last);
  ctx.io.out(`${plural(lines, "row")}: ${changed} changed, ${refused} refused`);
  return refused ? 1 : 0;
}
