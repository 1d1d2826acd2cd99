/**
 * Authoring decorations (docs/renovation.md): a shop (or the platform, shopId 0) creates drafts
 * from block JSON, lists, reads, updates, copies and deletes them, publishes one as its live page
 * (the previous live page is kept as an earlier version, status 2, and can be published again)
 * and unpublishes it. Every draft goes through `checkDecoration`: the block rules of
 * src/lib/renovation/block-schema.ts, the size limit, then what only the database can tell —
 * products, categories, shops, pages, coupons, activities and pictures must exist, be the shop's
 * own and be on. The first problem is refused with its place ("block 3 (goods_list): goodsList
 * item 2: product 9123 is not in your shop", composed at the edge by `problemMessage`).
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  checkContent,
  placeOf,
  RENOVATION_MAX_BYTES,
  type DecorationBlock,
  type DraftInput,
  type RenovationProblem,
} from "../../../lib/renovation/block-schema.ts";
import { sanitizeRichText } from "../../../lib/sanitize.ts";
import type { Db } from "../../db/client.ts";
import {
  categories,
  coupons,
  discounts,
  flashActivities,
  products,
  renovations,
  shops,
  uploadOwners,
  type RenovationBlock,
} from "../../db/schema/index.ts";
import { PROD_ON_SALE } from "../catalog/product-list.ts";
import { DomainError, type Translate } from "../kernel/domain-error.ts";
import { RENOVATION_PC } from "../shop/shop-index.ts";
import { ShopStatus } from "../shop/shop.ts";
import { PRODUCT_LIST_PATHS } from "./renovation.ts";

/** status of a decoration row. */
export const RenovationStatus = { DRAFT: 0, LIVE: 1, EARLIER: 2 } as const;

/** A decoration the checks refused: the problem and the block types (for the place in the message). */
export class DecorationRefused extends DomainError {
  constructor(
    readonly problem: RenovationProblem,
    readonly types: readonly string[],
  ) {
    // The place goes along as data.path ([block index, "dataField", field, item, …]): the studio
    // shows the refusal on that block and field.
    super(problem.key, {
      params: problem.params,
      data: { path: problem.path.map((p) => (typeof p === "number" ? p : String(p))) },
    });
  }

  /** "block 3 (goods_list): goodsList item 2: …" (problemMessage). */
  override messageIn(t: Translate): string {
    return problemMessage(t, this.problem, this.types);
  }
}

/** The refusal's message in the caller's language: "block 3 (goods_list): goodsList item 2: product 9123 is not in your shop". */
export function problemMessage(t: Translate, problem: RenovationProblem, types: readonly string[]): string {
  const place = placeOf(problem.path, types).map((p) =>
    p.kind === "block"
      ? t("decorate.authoring.block", { n: p.n, type: p.type })
      : p.kind === "item"
        ? t("decorate.authoring.item", { n: p.n, list: p.list })
        : p.name,
  );
  return [...place, t(problem.key, problem.params)].join(t("decorate.authoring.separator", {}));
}

// ---- what the blocks refer to -------------------------------------------------------------------

type Path = readonly PropertyKey[];
type Ref =
  | { kind: "product" | "shop" | "page" | "coupon" | "flash" | "discount"; id: number; path: Path }
  | { kind: "category"; ids: number[]; path: Path }
  | { kind: "image"; value: string; path: Path };

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => typeof v === "object" && v !== null && !Array.isArray(v);
const idOf = (v: unknown): number => Number(v);

/** Links anywhere inside a block ({type: "1".."6", link}). */
function linkRefs(v: unknown, path: Path, out: Ref[]): void {
  if (Array.isArray(v)) {
    v.forEach((x, i) => linkRefs(x, [...path, i], out));
    return;
  }
  if (!isRec(v)) return;
  if (typeof v.type === "string" && /^[1-6]$/.test(v.type) && "link" in v) {
    const link = v.link;
    if (v.type === "1") out.push({ kind: "product", id: idOf(link), path });
    if (v.type === "2") out.push({ kind: "category", ids: (Array.isArray(link) ? link : [link]).map(idOf), path });
    if (v.type === "3") out.push({ kind: "shop", id: idOf(link), path });
    if (v.type === "5" && Array.isArray(link)) out.push({ kind: "page", id: idOf(link[0]), path: [...path, "link"] });
  }
  for (const [k, x] of Object.entries(v)) if (k !== "link") linkRefs(x, [...path, k], out);
}

function imageRefs(df: Rec, base: Path, out: Ref[]): void {
  const add = (value: unknown, path: Path) => {
    if (typeof value === "string" && value !== "") out.push({ kind: "image", value, path });
  };
  const perLocale = (item: Rec, path: Path) => {
    if (isRec(item.imgByLocale))
      for (const [loc, v] of Object.entries(item.imgByLocale)) add(v, [...path, "imgByLocale", loc]);
  };
  add(df.bgUrl, [...base, "bgUrl"]);
  add(df.bgImg, [...base, "bgImg"]);
  for (const [key, field] of [
    ["picList", "img"],
    ["imgList", "url"],
  ] as const) {
    const list = df[key];
    if (!Array.isArray(list)) continue;
    list.forEach((item, i) => {
      if (!isRec(item)) return;
      add(item[field], [...base, key, i, field]);
      perLocale(item, [...base, key, i]);
    });
  }
}

/**
 * Pictures inside overlay captions (rich text, already sanitised: attributes in double quotes):
 * each `<img src>` must be an upload of the shop like every other picture of the decoration.
 */
function captionImageRefs(v: unknown, path: Path, out: Ref[]): void {
  if (Array.isArray(v)) {
    v.forEach((x, i) => captionImageRefs(x, [...path, i], out));
    return;
  }
  if (!isRec(v)) return;
  for (const [k, x] of Object.entries(v)) {
    if (k === "overlay" && isRec(x) && isRec(x.caption)) {
      for (const [loc, html] of Object.entries(x.caption))
        for (const m of String(html).matchAll(/<img\b[^>]*?\ssrc="([^"]*)"/gi))
          out.push({ kind: "image", value: m[1]!.replace(/&amp;/g, "&"), path: [...path, k, "caption", loc] });
    } else captionImageRefs(x, [...path, k], out);
  }
}

/** Everything the blocks refer to, in the order it appears. */
export function collectRefs(blocks: readonly DecorationBlock[]): Ref[] {
  const out: Ref[] = [];
  blocks.forEach((b, i) => {
    const base: Path = [i, "dataField"];
    const df = b.dataField as Rec;
    imageRefs(df, base, out);
    captionImageRefs(df, base, out);
    for (const listPath of PRODUCT_LIST_PATHS[b.type] ?? []) {
      let cur: unknown = df;
      for (const key of listPath) cur = isRec(cur) ? cur[key] : undefined;
      if (Array.isArray(cur))
        cur.forEach((item, n) => {
          if (isRec(item))
            out.push({ kind: "product", id: idOf(item.id ?? item.prodId), path: [...base, ...listPath, n] });
        });
    }
    if (b.type === "store_list")
      b.dataField.storeList.forEach((s, n) =>
        out.push({ kind: "shop", id: idOf(s.shopId), path: [...base, "storeList", n] }),
      );
    if (b.type === "limited_skill" && b.dataField.activityId !== undefined)
      out.push({ kind: "flash", id: idOf(b.dataField.activityId), path: [...base, "activityId"] });
    if (b.type === "discount_coupon") {
      if (b.dataField.activityId !== undefined)
        out.push({ kind: "discount", id: idOf(b.dataField.activityId), path: [...base, "activityId"] });
      (b.dataField.couponIds ?? []).forEach((id, n) =>
        out.push({ kind: "coupon", id: idOf(id), path: [...base, "couponIds", n] }),
      );
    }
    linkRefs(df, base, out);
  });
  // Places in document order: a path compares by its parts.
  const cmp = (a: Path, b: Path): number => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      if (a[i] === b[i]) continue;
      if (typeof a[i] === "number" && typeof b[i] === "number") return (a[i] as number) - (b[i] as number);
      return 0;
    }
    return a.length - b.length;
  };
  return out
    .map((r, i) => ({ r, i }))
    .sort((x, y) => cmp(x.r.path, y.r.path) || x.i - y.i)
    .map((x) => x.r);
}

interface Owned {
  shopId: number;
  on: boolean;
}

/** What the database knows about the references: owner and whether each is on. */
async function loadRefs(db: Db, refs: readonly Ref[]) {
  const ids = (kind: Ref["kind"]) => [
    ...new Set(refs.flatMap((r) => (r.kind === kind && "id" in r && Number.isSafeInteger(r.id) ? [r.id] : []))),
  ];
  const catIds = [...new Set(refs.flatMap((r) => (r.kind === "category" ? r.ids : [])))];
  const images = [...new Set(refs.flatMap((r) => (r.kind === "image" ? [r.value] : [])))];
  const map = <T extends { id: number }>(rows: T[], f: (r: T) => Owned) => new Map(rows.map((r) => [r.id, f(r)]));
  const [prods, cats, shopRows, pages, coupRows, flashRows, discRows, imgRows] = await Promise.all([
    ids("product").length
      ? db
          .select({
            id: products.prodId,
            shopId: products.shopId,
            status: products.status,
            shopStatus: shops.shopStatus,
          })
          .from(products)
          .innerJoin(shops, eq(shops.shopId, products.shopId))
          .where(inArray(products.prodId, ids("product")))
      : [],
    catIds.length
      ? db
          .select({ id: categories.categoryId, shopId: categories.shopId, status: categories.status })
          .from(categories)
          .where(inArray(categories.categoryId, catIds))
      : [],
    ids("shop").length
      ? db
          .select({ id: shops.shopId, status: shops.shopStatus })
          .from(shops)
          .where(inArray(shops.shopId, ids("shop")))
      : [],
    ids("page").length
      ? db
          .select({ id: renovations.renovationId, shopId: renovations.shopId, status: renovations.status })
          .from(renovations)
          .where(inArray(renovations.renovationId, ids("page")))
      : [],
    ids("coupon").length
      ? db
          .select({ id: coupons.couponId, shopId: coupons.shopId, status: coupons.status })
          .from(coupons)
          .where(inArray(coupons.couponId, ids("coupon")))
      : [],
    ids("flash").length
      ? db
          .select({ id: flashActivities.seckillId, shopId: flashActivities.shopId, status: flashActivities.status })
          .from(flashActivities)
          .where(inArray(flashActivities.seckillId, ids("flash")))
      : [],
    ids("discount").length
      ? db
          .select({ id: discounts.discountId, shopId: discounts.shopId, status: discounts.status })
          .from(discounts)
          .where(inArray(discounts.discountId, ids("discount")))
      : [],
    images.length
      ? db
          .select({ path: uploadOwners.path, shopId: uploadOwners.shopId })
          .from(uploadOwners)
          .where(inArray(uploadOwners.path, images))
      : [],
  ]);
  const st = (r: { shopId: number; status: number }) => ({ shopId: r.shopId, on: r.status === 1 });
  return {
    product: map(prods, (r) => ({
      shopId: r.shopId,
      on: r.status === PROD_ON_SALE && r.shopStatus === ShopStatus.OPEN,
    })),
    category: map(cats, st),
    shop: map(shopRows, (r) => ({ shopId: r.id, on: r.status === ShopStatus.OPEN })),
    page: map(pages, (r) => ({ shopId: r.shopId, on: true })),
    coupon: map(coupRows, st),
    flash: map(flashRows, st),
    discount: map(discRows, st),
    image: new Map(imgRows.map((r) => [r.path, r.shopId])),
  };
}

const E = "decorate.errors.";

/** The first reference of `blocks` that shop `shopId` (0 = platform) may not use, or null. */
export async function findRefProblem(
  db: Db,
  shopId: number,
  blocks: readonly DecorationBlock[],
): Promise<RenovationProblem | null> {
  const refs = collectRefs(blocks);
  if (refs.length === 0) return null;
  const known = await loadRefs(db, refs);
  const owned = (
    what: "product" | "shop" | "page" | "coupon" | "activity",
    found: Owned | undefined,
    id: number,
    path: Path,
    opts: { anyShop?: boolean } = {},
  ): RenovationProblem | null => {
    const params = { id };
    if (!found) return { path, key: `${E}${what}Missing`, params };
    if (!opts.anyShop && found.shopId !== shopId) return { path, key: `${E}${what}NotYours`, params };
    if (!found.on)
      return {
        path,
        key: `${E}${what}${what === "product" ? "OffShelf" : what === "shop" ? "Closed" : "Off"}`,
        params,
      };
    return null;
  };
  const platform = shopId === 0;
  for (const r of refs) {
    let p: RenovationProblem | null = null;
    switch (r.kind) {
      case "product":
        p = owned("product", known.product.get(r.id), r.id, r.path, { anyShop: platform });
        break;
      case "shop":
        p = owned("shop", known.shop.get(r.id), r.id, r.path, { anyShop: platform });
        break;
      case "page": {
        const found = known.page.get(r.id);
        p = owned("page", found, r.id, r.path, { anyShop: platform });
        break;
      }
      case "coupon":
        p = owned("coupon", known.coupon.get(r.id), r.id, r.path);
        break;
      case "flash":
        p = owned("activity", known.flash.get(r.id), r.id, r.path);
        break;
      case "discount":
        p = owned("activity", known.discount.get(r.id), r.id, r.path);
        break;
      case "category": {
        // A shop's page links to its own category (the last id); the mall's pages to platform categories.
        const check = platform ? r.ids : r.ids.slice(-1);
        for (const id of check) {
          const found = known.category.get(id);
          const params = { id };
          if (!found) p = { path: r.path, key: `${E}categoryMissing`, params };
          else if (found.shopId !== shopId) p = { path: r.path, key: `${E}categoryNotYours`, params };
          else if (!found.on) p = { path: r.path, key: `${E}categoryOff`, params };
          if (p) break;
        }
        break;
      }
      case "image":
        if (known.image.get(r.value) !== shopId)
          p = { path: r.path, key: `${E}imageNotYours`, params: { path: r.value } };
        break;
    }
    if (p) return p;
  }
  return null;
}

/** Rich text of captions through the sanitiser (the rules only allow what the sanitiser keeps). */
function sanitizeCaptions(v: unknown, key = ""): unknown {
  if (Array.isArray(v)) return v.map((x) => sanitizeCaptions(x));
  if (!isRec(v)) return v;
  const out: Rec = {};
  for (const [k, x] of Object.entries(v)) {
    if (key === "overlay" && k === "caption" && isRec(x))
      out[k] = Object.fromEntries(Object.entries(x).map(([loc, s]) => [loc, sanitizeRichText(String(s))]));
    else out[k] = sanitizeCaptions(x, k);
  }
  return out;
}

/**
 * A decoration's content as shop `shopId` may store or preview it: the checked, sanitised blocks
 * (page_background moved last), or DecorationRefused with the first problem.
 */
export async function checkDecoration(db: Db, shopId: number, content: unknown): Promise<RenovationBlock[]> {
  const checked = checkContent(content);
  const types = Array.isArray(content) ? content.map((b) => (isRec(b) ? String(b.type) : "?")) : [];
  if (!checked.ok) throw new DecorationRefused(checked.problem, types);
  const blocks = sanitizeCaptions(checked.blocks) as DecorationBlock[];
  const bytes = Buffer.byteLength(JSON.stringify(blocks));
  if (bytes > RENOVATION_MAX_BYTES)
    throw new DecorationRefused({ path: [], key: `${E}tooLarge`, params: { max: RENOVATION_MAX_BYTES / 1024 } }, types);
  const problem = await findRefProblem(db, shopId, blocks);
  if (problem) throw new DecorationRefused(problem, types);
  return [
    ...blocks.filter((b) => b.type !== "page_background"),
    ...blocks.filter((b) => b.type === "page_background").slice(-1),
  ] as RenovationBlock[];
}

// ---- drafts, versions, publishing --------------------------------------------------------------

/** A decoration as the merchant API lists it. */
export interface DecorationSummary {
  renovationId: number;
  shopId: number;
  name: string;
  /** home: the shop's (or mall's) home page; page: another page (link type 5). */
  page: "home" | "page";
  /** 0 draft, 1 live, 2 earlier version. */
  status: number;
  homeStatus: number;
  publishedAt: string | null;
  updatedAt: string;
}

export interface DecorationDetail extends DecorationSummary {
  content: RenovationBlock[];
}

type Row = typeof renovations.$inferSelect;

function summary(r: Omit<Row, "content" | "renovationType" | "createdAt">): DecorationSummary {
  return {
    renovationId: r.renovationId,
    shopId: r.shopId,
    name: r.name,
    page: r.homeStatus === 1 ? "home" : "page",
    status: r.status,
    homeStatus: r.homeStatus,
    publishedAt: r.publishedAt ? r.publishedAt.toISOString() : null,
    updatedAt: r.updatedAt.toISOString(),
  };
}

const notFound = () => new DomainError("decorate.authoring.notFound");

/** The shop's PC decorations: live first, then drafts and earlier versions, newest first. */
export async function listDecorations(db: Db, shopId: number): Promise<DecorationSummary[]> {
  const rows = await db
    .select({
      renovationId: renovations.renovationId,
      shopId: renovations.shopId,
      name: renovations.name,
      homeStatus: renovations.homeStatus,
      status: renovations.status,
      publishedAt: renovations.publishedAt,
      updatedAt: renovations.updatedAt,
    })
    .from(renovations)
    .where(and(eq(renovations.shopId, shopId), eq(renovations.renovationType, RENOVATION_PC)))
    .orderBy(sql`${renovations.status} = 1 desc`, desc(renovations.updatedAt), desc(renovations.renovationId));
  return rows.map(summary);
}

async function ownRow(db: Db, shopId: number, renovationId: number, lock = false): Promise<Row> {
  const q = db
    .select()
    .from(renovations)
    .where(
      and(
        eq(renovations.renovationId, renovationId),
        eq(renovations.shopId, shopId),
        eq(renovations.renovationType, RENOVATION_PC),
      ),
    )
    .limit(1);
  const [row] = lock ? await q.for("update") : await q;
  if (!row) throw notFound();
  return row;
}

/** One of the shop's decorations with its content as stored; another shop's is "not found". */
export async function readDecoration(db: Db, shopId: number, renovationId: number): Promise<DecorationDetail> {
  const row = await ownRow(db, shopId, renovationId);
  return { ...summary(row), content: row.content };
}

/** A new draft (checked); answers its id. */
export async function createDraft(db: Db, shopId: number, input: DraftInput, now: Date): Promise<number> {
  const content = await checkDecoration(db, shopId, input.content);
  const [row] = await db
    .insert(renovations)
    .values({
      shopId,
      name: input.name.trim(),
      renovationType: RENOVATION_PC,
      homeStatus: input.page === "page" ? 0 : 1,
      status: RenovationStatus.DRAFT,
      content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: renovations.renovationId });
  return row!.id;
}

/**
 * Replaces a draft's name, page and content (drafts only: a live page or an earlier version is
 * copied first). With `baseUpdatedAt` (the `updatedAt` the editor last read) a draft that someone
 * else saved meanwhile is refused with decorate.authoring.conflict (409, data: the stored
 * `updatedAt` and `name`) and nothing changes: the editor keeps its blocks and decides. Answers
 * the new `updatedAt`.
 */
export async function updateDraft(
  db: Db,
  shopId: number,
  renovationId: number,
  input: DraftInput & { baseUpdatedAt?: string },
  now: Date,
): Promise<{ updatedAt: string }> {
  const row = await ownRow(db, shopId, renovationId);
  if (row.status !== RenovationStatus.DRAFT) throw new DomainError("decorate.authoring.notDraft");
  const conflict = (stored: { updatedAt: Date; name: string }) =>
    new DomainError("decorate.authoring.conflict", {
      httpStatus: 409,
      params: { name: stored.name },
      data: { conflict: true, updatedAt: stored.updatedAt.toISOString(), name: stored.name },
    });
  const base = input.baseUpdatedAt === undefined ? null : new Date(input.baseUpdatedAt);
  if (base && row.updatedAt.getTime() !== base.getTime()) throw conflict(row);
  const content = await checkDecoration(db, shopId, input.content);
  // Never the same instant twice: the next editor's base tells this save from the one before.
  const at = new Date(Math.max(now.getTime(), row.updatedAt.getTime() + 1));
  const changed = await db
    .update(renovations)
    .set({
      name: input.name.trim(),
      homeStatus: input.page === undefined ? row.homeStatus : input.page === "page" ? 0 : 1,
      content,
      updatedAt: at,
    })
    .where(
      and(
        eq(renovations.renovationId, renovationId),
        eq(renovations.status, RenovationStatus.DRAFT),
        base ? eq(renovations.updatedAt, base) : undefined,
      ),
    )
    .returning({ id: renovations.renovationId });
  if (changed.length === 0) {
    const latest = await ownRow(db, shopId, renovationId);
    if (latest.status !== RenovationStatus.DRAFT) throw new DomainError("decorate.authoring.notDraft");
    throw conflict(latest);
  }
  return { updatedAt: at.toISOString() };
}

/** A new draft with the content of any of the shop's decorations (a live page, a version or a draft). */
export async function copyDecoration(
  db: Db,
  shopId: number,
  renovationId: number,
  now: Date,
  name?: string,
): Promise<number> {
  const row = await ownRow(db, shopId, renovationId);
  const [copy] = await db
    .insert(renovations)
    .values({
      shopId,
      name: (name ?? row.name).slice(0, 60),
      renovationType: RENOVATION_PC,
      homeStatus: row.homeStatus,
      status: RenovationStatus.DRAFT,
      content: row.content,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: renovations.renovationId });
  return copy!.id;
}

/** Deletes a draft or an earlier version; the live page must be unpublished first. */
export async function deleteDecoration(db: Db, shopId: number, renovationId: number): Promise<void> {
  const row = await ownRow(db, shopId, renovationId);
  if (row.status === RenovationStatus.LIVE) throw new DomainError("decorate.authoring.deleteLive");
  await db
    .delete(renovations)
    .where(and(eq(renovations.renovationId, renovationId), eq(renovations.status, row.status)));
}

/**
 * Makes a draft (or an earlier version: restoring it) the shop's live page in one transaction.
 * A home page takes the place of the live home page, which becomes an earlier version; another
 * page just goes live. The shop's pages are locked for the transaction (an advisory lock per
 * shop), and the unique partial index renovations_one_live_home backs it: concurrent publishes
 * leave exactly one live home page. The content goes through the block rules again.
 */
export async function publishDecoration(db: Db, shopId: number, renovationId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4101, ${shopId})`);
    const row = await ownRow(tx as unknown as Db, shopId, renovationId, true);
    if (row.status === RenovationStatus.LIVE) return;
    // The rules again (a row written before them, or by hand); references were checked when it
    // was saved, and whatever left the shelf since is left out when the page is served.
    const checked = checkContent(row.content);
    if (!checked.ok)
      throw new DecorationRefused(
        checked.problem,
        row.content.map((b) => String(b.type)),
      );
    if (row.homeStatus === 1)
      await tx
        .update(renovations)
        .set({ status: RenovationStatus.EARLIER, updatedAt: now })
        .where(
          and(
            eq(renovations.shopId, shopId),
            eq(renovations.renovationType, RENOVATION_PC),
            eq(renovations.homeStatus, 1),
            eq(renovations.status, RenovationStatus.LIVE),
          ),
        );
    await tx
      .update(renovations)
      .set({ status: RenovationStatus.LIVE, publishedAt: now, updatedAt: now })
      .where(eq(renovations.renovationId, renovationId));
  });
}

/** Takes a live page off (it is kept as an earlier version): the shop shows its plain page again. */
export async function unpublishDecoration(db: Db, shopId: number, renovationId: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4101, ${shopId})`);
    const row = await ownRow(tx as unknown as Db, shopId, renovationId, true);
    if (row.status !== RenovationStatus.LIVE) throw new DomainError("decorate.authoring.notLive");
    await tx
      .update(renovations)
      .set({ status: RenovationStatus.EARLIER, updatedAt: now })
      .where(eq(renovations.renovationId, renovationId));
  });
}
