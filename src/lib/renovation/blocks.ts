/**
 * Block view models (CONTRACT §10): one builder per PC block type turns the stored dataField and
 * the locale into a plain object the .astro component only has to print — texts picked for the
 * locale, prices formatted, links resolved, colours and URLs validated. A block that has nothing
 * to show (no pictures, no products, no titles) builds to null and is left out of the page.
 * Pure: no database, no Astro.
 */
import { localePath, type Locale } from "../locale.ts";
import { resolveLink, shopIndexPath, toId, type LinkContext, type RawLink, type ResolvedLink } from "./links.ts";
import {
  CONTRAST_LARGE,
  CONTRAST_TEXT,
  dict,
  goodsList,
  isDict,
  list,
  localizedImage,
  num,
  onWhenOne,
  overlay,
  readable,
  readableBackground,
  safeColor,
  safeImageUrl,
  showContent,
  shownWhenZero,
  SITE_BACKGROUND,
  text,
  type Dict,
  type GoodsVM,
  type OverlayVM,
  type ShowContent,
} from "./values.ts";

export type { GoodsVM, OverlayVM, ShowContent } from "./values.ts";

/** Width of the decorator's canvas: hot-zone boxes are stored in pixels of a picture shown this wide. */
export const DESIGN_WIDTH = 1200;
/** shop_signs navList keeps at most this many entries. */
export const SHOP_NAV_MAX = 7;

/** What a builder needs besides the block: the page's shop (links) and its background (contrast). */
export interface BuildContext extends LinkContext {
  /** The colour the block sits on (page_background; default the site background). */
  background?: string | undefined;
}

/** Default text colours of titles (global.css --color-text, --color-text-3, --color-text-2). */
const TEXT_MAIN = "#333333";
const TEXT_SUB = "#6b6b6b";
const TEXT_MORE = "#666666";
/** Bold titles from this size are "large text" for contrast (WCAG: 14pt bold ≈ 18.7px). */
const LARGE_BOLD_PX = 19;

/** A link with its display name. */
export interface NamedLink extends ResolvedLink {
  name: string;
}

function named(raw: unknown, locale: Locale, ctx: LinkContext, name?: unknown): NamedLink | null {
  if (!isDict(raw)) return null;
  const resolved = resolveLink(raw as RawLink, locale, ctx);
  if (!resolved) return null;
  return { ...resolved, name: text(name, locale) || text(raw.name, locale) };
}

// ---- shop_signs ------------------------------------------------------------------------------

export interface ShopSignsVM {
  bgUrl: string | null;
  showLogo: boolean;
  showCategory: boolean;
  showNavs: boolean;
  showSearch: boolean;
  /** At most 7 entries, each with a resolved link. */
  navs: NamedLink[];
  /** Words over the sign picture (the shop's slogan), in the locale. */
  overlay: OverlayVM | null;
}

export function buildShopSigns(df: Dict, locale: Locale, ctx: LinkContext = {}): ShopSignsVM {
  const navs: NamedLink[] = [];
  for (const item of list(df.navList)) {
    if (navs.length >= SHOP_NAV_MAX) break;
    const n = dict(item);
    const link = named(n.path ?? n.link, locale, ctx, n.name);
    if (link && link.name) navs.push(link);
  }
  return {
    bgUrl: safeImageUrl(df.bgUrl),
    showLogo: shownWhenZero(df.showLogo),
    showCategory: shownWhenZero(df.showCategory),
    showNavs: shownWhenZero(df.showNavs),
    showSearch: shownWhenZero(df.showSearch),
    navs,
    overlay: overlay(df.overlay, locale),
  };
}

// ---- picture_by (carousel) --------------------------------------------------------------------

export interface SlideVM {
  img: string;
  alt: string;
  link: ResolvedLink | null;
  /** Headline and caption over the picture, in the locale. */
  overlay: OverlayVM | null;
}

export interface PictureByVM {
  /** true = full window width (size 1920), false = content width (1200). */
  fullWidth: boolean;
  /** Intrinsic picture width (1920 or 1200) and the display height in px. */
  width: number;
  height: number;
  /** Indicator dots (pageation 0) — only when there is more than one slide. */
  showDots: boolean;
  slides: SlideVM[];
}

export function buildPictureBy(df: Dict, locale: Locale, ctx: LinkContext = {}): PictureByVM | null {
  const slides: SlideVM[] = [];
  for (const item of list(df.picList)) {
    const p = dict(item);
    const img = localizedImage(p, p.img ?? p.imgUrl, locale);
    if (!img) continue;
    const path = dict(p.path);
    const over = overlay(p.overlay, locale);
    slides.push({
      img,
      alt: over?.headline || text(path.name, locale) || text(p.title, locale),
      link: resolveLink(path as RawLink, locale, ctx),
      overlay: over,
    });
  }
  if (slides.length === 0) return null;
  const fullWidth = Number(df.size) === 1920;
  return {
    fullWidth,
    width: fullWidth ? 1920 : 1200,
    height: Math.round(num(df.height, 500, 100, 1000)),
    showDots: Number(df.pageation ?? 0) === 0 && slides.length > 1,
    slides,
  };
}

// ---- auxiliary_interval (spacer) --------------------------------------------------------------

export interface AuxiliaryIntervalVM {
  height: number;
  bgColor: string | null;
}

export function buildAuxiliaryInterval(df: Dict): AuxiliaryIntervalVM | null {
  const height = Math.round(num(df.height, 20, 0, 400));
  if (height <= 0) return null;
  return { height, bgColor: safeColor(df.bgColor) };
}

// ---- floor_title -------------------------------------------------------------------------------

export interface FloorTitleVM {
  mainTitle: string;
  subTitle: string;
  /** The "more" link (more = 1 and a followable path), else null. */
  more: NamedLink | null;
  mainTextColor: string | null;
  subTextColor: string | null;
  moreTextColor: string | null;
  bgColor: string | null;
  mainFontSize: number;
  subFontSize: number;
  marginTop: number;
  marginBottom: number;
}

export function buildFloorTitle(df: Dict, locale: Locale, ctx: BuildContext = {}): FloorTitleVM | null {
  const mainTitle = text(df.mainTitle ?? df.title, locale);
  const subTitle = text(df.subTitle, locale);
  if (!mainTitle && !subTitle) return null;
  const mainFontSize = Math.round(num(df.mainFontSize, 24, 12, 48));
  const bgColor = safeColor(df.bgColor);
  const under = bgColor ?? ctx.background ?? SITE_BACKGROUND;
  return {
    mainTitle,
    subTitle,
    more: onWhenOne(df.more) ? named(df.path, locale, ctx) : null,
    mainTextColor: readable(
      safeColor(df.mainTextColor) ?? TEXT_MAIN,
      under,
      mainFontSize >= LARGE_BOLD_PX ? CONTRAST_LARGE : CONTRAST_TEXT,
    ),
    subTextColor: readable(safeColor(df.subTextColor) ?? TEXT_SUB, under, CONTRAST_TEXT),
    moreTextColor: readable(safeColor(df.moreTextColor) ?? TEXT_MORE, under, CONTRAST_TEXT),
    bgColor,
    mainFontSize,
    subFontSize: Math.round(num(df.subFontSize, 12, 10, 32)),
    marginTop: Math.round(num(df.marginTop, 18, 0, 200)),
    marginBottom: Math.round(num(df.marginBottom, 18, 0, 200)),
  };
}

// ---- goods_list --------------------------------------------------------------------------------

export interface GoodsListVM {
  /** Products per row: 3, 4 or 5. */
  perRow: 3 | 4 | 5;
  show: ShowContent;
  items: GoodsVM[];
}

/** A goods_list shows at most this many products. */
export const GOODS_LIST_MAX = 50;

export function buildGoodsList(df: Dict, locale: Locale): GoodsListVM | null {
  const items = goodsList(df.goodsList, locale, GOODS_LIST_MAX);
  if (items.length === 0) return null;
  const t = Number(df.listType);
  const perRow = t === 3 || t === 5 ? t : 4;
  return { perRow, show: showContent(df.showContent), items };
}

// ---- universal_hotspot -------------------------------------------------------------------------

export interface HotspotAreaVM {
  link: ResolvedLink;
  title: string;
  /** Position and size in % of the picture's WIDTH (x and y alike: the component lays the
   *  areas out in a square overlay as wide as the picture). */
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface HotspotImageVM {
  url: string;
  alt: string;
  /** Link of the whole picture (areas take precedence where they are). */
  link: ResolvedLink | null;
  areas: HotspotAreaVM[];
  /** The areas' titles are shown as labels over the picture (showTitles 1). */
  showTitles: boolean;
  overlay: OverlayVM | null;
}

export interface UniversalHotspotVM {
  fullWidth: boolean;
  images: HotspotImageVM[];
}

const pct = (px: number) => Math.round((px / DESIGN_WIDTH) * 100_000) / 1000;

/** One hot-zone box → % of the design width; null when it has no link or no area. */
export function hotspotArea(raw: unknown, locale: Locale, ctx: LinkContext = {}): HotspotAreaVM | null {
  const b = dict(raw);
  const link = resolveLink(b as RawLink, locale, ctx);
  if (!link) return null;
  let left = num(b.left, 0) + num(b.translateX, 0);
  let top = num(b.top, 0) + num(b.translateY, 0);
  let width = num(b.width, 0, 0);
  let height = num(b.height, 0, 0);
  // Clip to the canvas horizontally and to non-negative y.
  if (left < 0) {
    width += left;
    left = 0;
  }
  if (top < 0) {
    height += top;
    top = 0;
  }
  width = Math.min(width, DESIGN_WIDTH - left);
  if (width <= 0 || height <= 0 || left >= DESIGN_WIDTH) return null;
  return {
    link,
    title: text(b.title, locale) || text(b.name, locale),
    left: pct(left),
    top: pct(top),
    width: pct(width),
    height: pct(height),
  };
}

export function buildUniversalHotspot(df: Dict, locale: Locale, ctx: LinkContext = {}): UniversalHotspotVM | null {
  const images: HotspotImageVM[] = [];
  for (const item of list(df.imgList)) {
    const i = dict(item);
    const url = localizedImage(i, i.url ?? i.img, locale);
    if (!url) continue;
    const areas = list(i.activeBoxs)
      .map((b) => hotspotArea(b, locale, ctx))
      .filter((a): a is HotspotAreaVM => a !== null);
    images.push({
      url,
      alt: text(i.imgTit, locale) || text(i.title, locale),
      link: resolveLink((isDict(i.path) ? i.path : i) as RawLink, locale, ctx),
      areas,
      showTitles: onWhenOne(i.showTitles),
      overlay: overlay(i.overlay, locale),
    });
  }
  if (images.length === 0) return null;
  return { fullWidth: Number(df.size) === 1920, images };
}

// ---- store_list --------------------------------------------------------------------------------

export interface StoreVM {
  shopId: number;
  name: string;
  logo: string | null;
  /** 1 self-operated, 2 preferred, 0 general. */
  type: number;
  fans: number;
  /** Up to 3 product pictures of the shop. */
  imgs: string[];
  href: string;
}

export interface TitleStyleVM {
  title: string;
  subTitle: string;
  titleColor: string | null;
  subTitleColor: string | null;
  bgColor: string | null;
  titleSize: number;
  subTitleSize: number;
  marginTop: number;
  marginBottom: number;
}

export interface StoreListVM extends TitleStyleVM {
  stores: StoreVM[];
}

/**
 * Title texts and colours of store_list / activity blocks. With a band colour (titleBgColor /
 * bgColor) the band is adjusted to the texts; without one the texts to the page background.
 */
function titleStyle(
  df: Dict,
  locale: Locale,
  ctx: BuildContext,
  defaults: { marginTop: number; marginBottom: number },
): TitleStyleVM {
  const showSub = df.showSubTitle === undefined ? true : onWhenOne(df.showSubTitle);
  const titleSize = Math.round(num(df.titleSize ?? df.mainFontSize, 24, 12, 48));
  const titleMin = titleSize >= LARGE_BOLD_PX ? CONTRAST_LARGE : CONTRAST_TEXT;
  const band = safeColor(df.titleBgColor ?? df.bgColor);
  let titleColor = safeColor(df.titleColor ?? df.mainTextColor) ?? TEXT_MAIN;
  let subTitleColor = safeColor(df.subTitleColor ?? df.subTextColor) ?? TEXT_SUB;
  let bgColor = band;
  if (band) {
    bgColor = readableBackground(band, [
      { color: titleColor, min: titleMin },
      { color: subTitleColor, min: CONTRAST_TEXT },
    ]);
  } else {
    const under = ctx.background ?? SITE_BACKGROUND;
    titleColor = readable(titleColor, under, titleMin);
    subTitleColor = readable(subTitleColor, under, CONTRAST_TEXT);
  }
  return {
    title: text(df.title ?? df.mainTitle, locale),
    subTitle: showSub ? text(df.subTitle, locale) : "",
    titleColor,
    subTitleColor,
    bgColor,
    titleSize,
    subTitleSize: Math.round(num(df.subTitleSize ?? df.subFontSize, 12, 10, 32)),
    marginTop: Math.round(num(df.marginTop, defaults.marginTop, 0, 200)),
    marginBottom: Math.round(num(df.marginBottom, defaults.marginBottom, 0, 200)),
  };
}

/** A store_list shows at most this many shops. */
export const STORE_LIST_MAX = 12;

export function buildStoreList(df: Dict, locale: Locale, ctx: BuildContext = {}): StoreListVM | null {
  const stores: StoreVM[] = [];
  const seen = new Set<number>();
  for (const item of list(df.storeList)) {
    if (stores.length >= STORE_LIST_MAX) break;
    const s = dict(item);
    const shopId = toId(s.shopId);
    if (!shopId || seen.has(shopId)) continue;
    // Only open shops (SPEC §2: a shop can be entered only when its status is 1).
    if (s.shopStatus !== undefined && s.shopStatus !== null && Number(s.shopStatus) !== 1) continue;
    const name = text(s.shopName, locale);
    if (!name) continue;
    seen.add(shopId);
    stores.push({
      shopId,
      name,
      logo: safeImageUrl(s.shopLogo),
      type: Math.trunc(num(s.type, 0)),
      fans: Math.max(0, Math.trunc(num(s.fansCount ?? s.shopFocusNumber, 0))),
      imgs: list(s.imgs)
        .map(safeImageUrl)
        .filter((u): u is string => u !== null)
        .slice(0, 3),
      href: localePath(locale, shopIndexPath(shopId)),
    });
  }
  if (stores.length === 0) return null;
  return { ...titleStyle(df, locale, ctx, { marginTop: 18, marginBottom: 18 }), stores };
}

// ---- limited_skill / discount_coupon -----------------------------------------------------------

export interface ActivityGoodsVM extends TitleStyleVM {
  show: ShowContent;
  items: GoodsVM[];
}

/** Activity showcases show at most this many products. */
export const ACTIVITY_MAX = 10;

/**
 * limited_skill (flash sale, items keyed by prodId) and discount_coupon (group/discount deals,
 * keyed by id): the products still on sale, shown at their activityPrice. Empty → null, except
 * a discount_coupon block on a shop page (`keepEmpty`): it also shows the shop's live coupons.
 */
export function buildActivityGoods(
  df: Dict,
  locale: Locale,
  ctx: BuildContext = {},
  keepEmpty = false,
): ActivityGoodsVM | null {
  const items = goodsList(df.goodsList, locale, ACTIVITY_MAX, { activity: true });
  if (items.length === 0 && !keepEmpty) return null;
  return {
    ...titleStyle(df, locale, ctx, { marginTop: 30, marginBottom: 20 }),
    show: showContent(df.showContent),
    items,
  };
}

// ---- goods_module1..5 --------------------------------------------------------------------------

export interface ModuleColumnVM {
  title: string;
  subTitle: string;
  link: NamedLink | null;
  items: GoodsVM[];
}

export interface GoodsModule1VM {
  columns: ModuleColumnVM[];
}

function column(raw: unknown, locale: Locale, ctx: LinkContext, max: number): ModuleColumnVM | null {
  const c = dict(raw);
  const items = goodsList(c.goodsList, locale, max);
  const title = text(c.mainTitle ?? c.title, locale);
  if (items.length === 0) return null;
  return { title, subTitle: text(c.subTitle, locale), link: named(c.titleLink ?? c.path, locale, ctx), items };
}

export function buildGoodsModule1(df: Dict, locale: Locale, ctx: LinkContext = {}): GoodsModule1VM | null {
  const columns = [df.leftConfig, df.centerConfig, df.rightConfig]
    .map((c) => column(c, locale, ctx, 3))
    .filter((c): c is ModuleColumnVM => c !== null);
  return columns.length ? { columns } : null;
}

export interface GoodsModule2VM {
  title: string;
  link: NamedLink | null;
  main: GoodsVM | null;
  others: GoodsVM[];
}

export function buildGoodsModule2(df: Dict, locale: Locale, ctx: LinkContext = {}): GoodsModule2VM | null {
  const main = goodsList(df.maingoodsList, locale, 1)[0] ?? null;
  const others = goodsList(df.othergoodsList, locale, 6).filter((g) => g.prodId !== main?.prodId);
  if (!main && others.length === 0) return null;
  return { title: text(df.title, locale), link: named(df.path, locale, ctx), main, others };
}

export interface GoodsModule3VM {
  columns: ModuleColumnVM[];
}

export function buildGoodsModule3(df: Dict, locale: Locale, ctx: LinkContext = {}): GoodsModule3VM | null {
  const columns = [df.leftConfig, df.rightConfig]
    .map((c) => column(c, locale, ctx, 3))
    .filter((c): c is ModuleColumnVM => c !== null);
  return columns.length ? { columns } : null;
}

export interface GoodsModuleBgVM {
  bgImg: string | null;
  /** Words over the background picture, in the locale. */
  overlay: OverlayVM | null;
  link: NamedLink | null;
  items: GoodsVM[];
}

/** goods_module4 and goods_module5: a background picture (with a link) and up to 4 products. */
export function buildGoodsModuleBg(df: Dict, locale: Locale, ctx: LinkContext = {}): GoodsModuleBgVM | null {
  const items = goodsList(df.goodsList, locale, 4);
  if (items.length === 0) return null;
  return {
    bgImg: safeImageUrl(df.bgImg),
    overlay: overlay(df.overlay, locale),
    link: named(df.path, locale, ctx),
    items,
  };
}

// ---- the page ----------------------------------------------------------------------------------

export type BlockVM =
  | { type: "picture_by"; data: PictureByVM }
  | { type: "auxiliary_interval"; data: AuxiliaryIntervalVM }
  | { type: "floor_title"; data: FloorTitleVM }
  | { type: "goods_list"; data: GoodsListVM }
  | { type: "universal_hotspot"; data: UniversalHotspotVM }
  | { type: "store_list"; data: StoreListVM }
  | { type: "limited_skill"; data: ActivityGoodsVM }
  | { type: "discount_coupon"; data: ActivityGoodsVM }
  | { type: "goods_module1"; data: GoodsModule1VM }
  | { type: "goods_module2"; data: GoodsModule2VM }
  | { type: "goods_module3"; data: GoodsModule3VM }
  | { type: "goods_module4"; data: GoodsModuleBgVM }
  | { type: "goods_module5"; data: GoodsModuleBgVM };

export type BodyBlockType = BlockVM["type"];

/** Builds one body block (not shop_signs / page_background); null for unknown types or nothing to show. */
export function buildBlock(type: string, dataField: unknown, locale: Locale, ctx: BuildContext = {}): BlockVM | null {
  const df = dict(dataField);
  const wrap = <T extends BodyBlockType>(t: T, data: Extract<BlockVM, { type: T }>["data"] | null): BlockVM | null =>
    data ? ({ type: t, data } as BlockVM) : null;
  switch (type) {
    case "picture_by":
      return wrap(type, buildPictureBy(df, locale, ctx));
    case "auxiliary_interval":
      return wrap(type, buildAuxiliaryInterval(df));
    case "floor_title":
      return wrap(type, buildFloorTitle(df, locale, ctx));
    case "goods_list":
      return wrap(type, buildGoodsList(df, locale));
    case "universal_hotspot":
      return wrap(type, buildUniversalHotspot(df, locale, ctx));
    case "store_list":
      return wrap(type, buildStoreList(df, locale, ctx));
    case "limited_skill":
      return wrap(type, buildActivityGoods(df, locale, ctx));
    case "discount_coupon":
      return wrap(type, buildActivityGoods(df, locale, ctx, (ctx.shopId ?? 0) > 0));
    case "goods_module1":
      return wrap(type, buildGoodsModule1(df, locale, ctx));
    case "goods_module2":
      return wrap(type, buildGoodsModule2(df, locale, ctx));
    case "goods_module3":
      return wrap(type, buildGoodsModule3(df, locale, ctx));
    case "goods_module4":
      return wrap(type, buildGoodsModuleBg(df, locale, ctx));
    case "goods_module5":
      return wrap(type, buildGoodsModuleBg(df, locale, ctx));
    default:
      return null;
  }
}

export interface PageVM {
  /** page_background colour, or null. */
  background: string | null;
  /** The first shop_signs block (a shop page's header), or null. */
  shopSigns: ShopSignsVM | null;
  /** Body blocks in order; unknown and empty blocks are left out. */
  blocks: BlockVM[];
}

/** View models made from content objects that never change (read models), by locale and shop. */
const built = new WeakMap<object, Map<string, PageVM>>();

/**
 * buildPage for content that is shared and never changed (the read models' renovations): the view
 * model is made once per content object, locale and shop, and shared too (callers do not change
 * it). Other content is built each time.
 */
export function buildSharedPage(content: unknown, locale: Locale, ctx: LinkContext = {}): PageVM {
  if (typeof content !== "object" || content === null) return buildPage(content, locale, ctx);
  const key = `${locale} ${ctx.shopId ?? ""}`;
  let byKey = built.get(content);
  if (!byKey) built.set(content, (byKey = new Map()));
  let page = byKey.get(key);
  if (!page) byKey.set(key, (page = buildPage(content, locale, ctx)));
  return page;
}

/**
 * A renovation's content (array of {type, dataField}) → what the page renders. `ctx.shopId`:
 * the shop whose page this is (0 = platform; shop_signs is only used on shop pages).
 */
export function buildPage(content: unknown, locale: Locale, ctx: LinkContext = {}): PageVM {
  const blocks = list(content).filter((raw): raw is Dict => isDict(raw) && typeof raw.type === "string");
  // page_background is stored last; block colours are checked against it.
  let background: string | null = null;
  for (const raw of blocks)
    if (raw.type === "page_background") background = safeColor(dict(raw.dataField).background) ?? background;
  const page: PageVM = { background, shopSigns: null, blocks: [] };
  const build: BuildContext = { ...ctx, background: background ?? SITE_BACKGROUND };
  for (const raw of blocks) {
    if (raw.type === "page_background") continue;
    if (raw.type === "shop_signs") {
      if (!page.shopSigns && (ctx.shopId ?? 0) > 0) page.shopSigns = buildShopSigns(dict(raw.dataField), locale, ctx);
      continue;
    }
    const block = buildBlock(raw.type as string, raw.dataField, locale, build);
    if (block) page.blocks.push(block);
  }
  return page;
}
