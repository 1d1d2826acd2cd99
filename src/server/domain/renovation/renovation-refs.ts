/**
 * What a renovation refers to (docs/renovation.md): the products, categories, pictures and links
 * its blocks name, checked against the shop's own; the check of a renovation's content and its
 * refusal (RenovationRefused).
 */
import { eq, inArray } from "drizzle-orm";
import {
  checkContent,
  placeOf,
  RENOVATION_MAX_BYTES,
  type CheckedBlock,
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
import { PROD_ON_SALE } from "../catalog/search-plan.ts";
import { DomainError, type Translate } from "../kernel/domain-error.ts";
import { ShopStatus } from "../shop/shop.ts";
import { PRODUCT_LIST_PATHS } from "./renovation.ts";

/** A renovation the checks refused: the problem and the block types (for the place in the message). */
export class RenovationRefused extends DomainError {
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
      ? t("renovation.authoring.block", { n: p.n, type: p.type })
      : p.kind === "item"
        ? t("renovation.authoring.item", { n: p.n, list: p.list })
        : p.name,
  );
  return [...place, t(problem.key, problem.params)].join(t("renovation.authoring.separator", {}));
}

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
 * each `<img src>` must be an upload of the shop like every other picture of the renovation.
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
export function collectRefs(blocks: readonly CheckedBlock[]): Ref[] {
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

const E = "renovation.errors.";

/** The first reference of `blocks` that shop `shopId` (0 = platform) may not use, or null. */
export async function findRefProblem(
  db: Db,
  shopId: number,
  blocks: readonly CheckedBlock[],
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
 * A renovation's content as shop `shopId` may store or preview it: the checked, sanitised blocks
 * (page_background moved last), or RenovationRefused with the first problem.
 */
export async function checkRenovation(db: Db, shopId: number, content: unknown): Promise<RenovationBlock[]> {
  const checked = checkContent(content);
  const types = Array.isArray(content) ? content.map((b) => (isRec(b) ? String(b.type) : "?")) : [];
  if (!checked.ok) throw new RenovationRefused(checked.problem, types);
  const blocks = sanitizeCaptions(checked.blocks) as CheckedBlock[];
  const bytes = Buffer.byteLength(JSON.stringify(blocks));
  if (bytes > RENOVATION_MAX_BYTES)
    throw new RenovationRefused({ path: [], key: `${E}tooLarge`, params: { max: RENOVATION_MAX_BYTES / 1024 } }, types);
  const problem = await findRefProblem(db, shopId, blocks);
  if (problem) throw new RenovationRefused(problem, types);
  return [
    ...blocks.filter((b) => b.type !== "page_background"),
    ...blocks.filter((b) => b.type === "page_background").slice(-1),
  ] as RenovationBlock[];
}
