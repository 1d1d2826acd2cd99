/**
 * The block format of renovations (CONTRACT §10) as zod rules: one schema per link type and per
 * block type. The merchant API, the platform API and `npm run ops` check a renovation with these
 * rules before anything is stored or previewed, and docs/renovation.schema.json is generated
 * from them (scripts/renovation-schema.ts), so the merchant platform's editor builds against the
 * very rules the server applies. Messages are i18n keys (namespace `renovation.errors`); the
 * place of a problem is named by its path (`locateProblem`). What only the database can tell —
 * whose products, categories, coupons, activities, shops and uploads these are — is checked
 * after these rules, by src/server/domain/renovation/renovation-authoring.ts.
 */
import { z } from "zod";
import { ID_MAX } from "../ids.ts";
import { CONTROL_CHARS_KEY, hasControlChars, hasHiddenChars, HIDDEN_CHARS_KEY } from "../text-rules.ts";
import type { DraftBlockType } from "./block-types.ts";
import { safeExternalUrl, safeInternalPath } from "./links.ts";
import { safeColor } from "./values.ts";

/** Version of the block format (docs/renovation.schema.json `$id` carries it). */
export const RENOVATION_FORMAT_VERSION = 1;
/** A renovation holds at most this many blocks. */
export const RENOVATION_MAX_BLOCKS = 60;
/** The stored JSON of a renovation is at most this many bytes (the route bodies allow a little more). */
export const RENOVATION_MAX_BYTES = 256 * 1024;
/**
 * Nesting depth of the content (the content array is 1): the format itself needs 9 (content,
 * block, dataField, imgList, item, activeBoxs, box, link, category ids); deeper JSON is refused
 * before the rules walk it, with the place where it goes too deep.
 */
export const RENOVATION_MAX_DEPTH = 12;
/** Names of renovations. */
export const RENOVATION_NAME_MAX = 60;

const E = "renovation.errors.";

// ---- values -------------------------------------------------------------------------------------

const line = (max: number) =>
  z
    .string({ error: `${E}text` })
    .max(max, { error: `${E}textTooLong` })
    .refine((s) => !hasControlChars(s), { error: CONTROL_CHARS_KEY })
    .refine((s) => !hasHiddenChars(s), { error: HIDDEN_CHARS_KEY });

/** A text in the three languages, each at most `max` characters: `{zh, zh-tw, en}`. */
const localizedByMax = new Map<number, z.ZodType>();
export function localized(max: number) {
  const make = () =>
    z.object({ zh: line(max), "zh-tw": line(max), en: line(max) }, { error: `${E}localized` }).meta({
      id: `text${max}`,
      description: `A text in the three languages, at most ${max} characters each.`,
    });
  let schema = localizedByMax.get(max) as ReturnType<typeof make> | undefined;
  if (!schema) localizedByMax.set(max, (schema = make()));
  return schema;
}

/** An id: a positive integer (or the same in digits). */
const ID_ERROR = { error: `${E}id` };
export const idValue = z
  .union(
    [
      z.number(ID_ERROR).int(ID_ERROR).min(1, ID_ERROR).max(ID_MAX, ID_ERROR),
      z.string(ID_ERROR).regex(/^\d{1,10}$/, ID_ERROR),
    ],
    ID_ERROR,
  )
  .meta({ id: "id", description: "A positive whole number, or the same in digits." });

/** A picture: a path under /uploads/ (an upload of the renovation's shop; checked against the database). */
export const imagePath = z
  .string({ error: `${E}image` })
  .max(300, { error: `${E}image` })
  .regex(/^\/uploads\/[A-Za-z0-9_-][A-Za-z0-9/_.-]*\.(?:jpg|png|gif|webp|svg)$/, { error: `${E}image` })
  .refine((s) => !s.includes(".."), { error: `${E}image` })
  .meta({
    id: "image",
    description: "An upload of the decoration's shop: POST /api/merchant/file/upload answers its path.",
  });

/** A CSS colour (hex, rgb(a), hsl(a) or a name), or "" for the default. */
export const color = z
  .string({ error: `${E}color` })
  .max(40, { error: `${E}color` })
  .refine((s) => s === "" || safeColor(s) !== null, { error: `${E}color` })
  .meta({ id: "color", description: 'A CSS colour: #hex, rgb(a), hsl(a) or a name; "" = the default.' });

const int = (min: number, max: number) =>
  z
    .number({ error: `${E}number` })
    .int({ error: `${E}number` })
    .min(min, { error: `${E}numberTooSmall` })
    .max(max, { error: `${E}numberTooBig` });

/** A 0/1 switch. */
const flag = z.union([z.literal(0), z.literal(1)], { error: `${E}flag` }).meta({ id: "switch" });

// ---- links (SPEC §2 link types 1-6) --------------------------------------------------------------

const linkName = localized(40).optional();

export const productLinkSchema = z.object({ type: z.literal("1"), link: idValue, name: linkName });
export const categoryLinkSchema = z.object({
  type: z.literal("2"),
  link: z.union([idValue, z.array(idValue).min(1).max(3)], { error: `${E}categoryLink` }),
  name: linkName,
});
export const shopLinkSchema = z.object({ type: z.literal("3"), link: idValue, name: linkName });
export const internalLinkSchema = z.object({
  type: z.literal("4"),
  link: z
    .string({ error: `${E}internalPath` })
    .max(500, { error: `${E}internalPath` })
    .refine((s) => safeInternalPath(s) !== null, { error: `${E}internalPath` }),
  name: linkName,
});
export const microPageLinkSchema = z.object({
  type: z.literal("5"),
  link: z.tuple([idValue, z.union([z.literal(0), z.literal("0"), idValue])], { error: `${E}microLink` }),
  name: linkName,
});
export const urlLinkSchema = z.object({
  type: z.literal("6"),
  link: z.object(
    {
      url: z
        .string({ error: `${E}url` })
        .max(1000, { error: `${E}url` })
        .refine((s) => safeInternalPath(s) !== null || safeExternalUrl(s) !== null, { error: `${E}url` }),
    },
    { error: `${E}url` },
  ),
  name: linkName,
});

const LINK_VARIANTS = [
  productLinkSchema,
  categoryLinkSchema,
  shopLinkSchema,
  internalLinkSchema,
  microPageLinkSchema,
  urlLinkSchema,
] as const;

/** A link `{type, link, name}` of type "1".."6". */
export const linkSchema = z.discriminatedUnion("type", LINK_VARIANTS, { error: `${E}linkType` }).meta({
  id: "link",
  description:
    "1 product (link = prodId), 2 category (an id or [cpid, cid, thCid]; on a shop's page its own category), " +
    "3 shop (shopId), 4 a path of this site, 5 a page ([renovationId, shopId]), 6 {url}: http(s) or a path of this site.",
});

/** A link whose object also carries `fields` (hot-zone boxes: the box and its link in one object). */
function withLink<S extends z.ZodRawShape>(fields: S) {
  return z.discriminatedUnion(
    "type",
    [
      productLinkSchema.extend(fields),
      categoryLinkSchema.extend(fields),
      shopLinkSchema.extend(fields),
      internalLinkSchema.extend(fields),
      microPageLinkSchema.extend(fields),
      urlLinkSchema.extend(fields),
    ],
    { error: `${E}linkType` },
  );
}

// ---- texts over pictures -------------------------------------------------------------------------

/**
 * Localized words laid over a picture as HTML (the picture itself carries no words): a headline
 * (plain text) and a caption (rich text: only inline formatting survives; sanitised when saved
 * and when shown).
 */
export const overlaySchema = z
  .object({
    headline: localized(40).optional(),
    caption: localized(160).optional(),
    /** Where the words sit: left (default), center or right. */
    align: z.enum(["left", "center", "right"], { error: `${E}choice` }).optional(),
    /** light = white words for a dark picture (default), dark = dark words for a light one. */
    tone: z.enum(["light", "dark"], { error: `${E}choice` }).optional(),
  })
  .meta({
    id: "overlay",
    description: "Localized headline and caption laid over the picture (the picture carries no words).",
  });

/** One picture per language (optional): shown instead of `img` in that language. */
const imageByLocale = z.object({ zh: imagePath, "zh-tw": imagePath, en: imagePath }).partial();

// ---- product and shop items ----------------------------------------------------------------------

/**
 * A product in a block: `id` (or `prodId`) is all that is kept; name, price and picture are
 * refreshed from the database each time the page is served, and other fields are dropped (like
 * every field the format does not name, in every block).
 */
export const goodsItemSchema = z
  .object({ id: idValue.optional(), prodId: idValue.optional() })
  .refine((v) => v.id !== undefined || v.prodId !== undefined, { error: `${E}productId` })
  .meta({
    id: "productItem",
    description: "A product of the shop, on sale: id (or prodId); name, price and picture are refreshed when served.",
  });

const goods = (max: number) => z.array(goodsItemSchema, { error: `${E}list` }).max(max, { error: `${E}tooMany` });

/** A shop in store_list: `shopId` is kept; name and logo are refreshed when served. */
export const storeItemSchema = z.object({ shopId: idValue });

const showContentSchema = z.array(z.enum(["0", "1", "2"], { error: `${E}choice` })).max(3);

// ---- blocks -------------------------------------------------------------------------------------

const navItem = z.object({ name: localized(40), path: linkSchema });

export const shopSignsSchema = z.object({
  showLogo: flag.optional(),
  showCategory: flag.optional(),
  showSearch: flag.optional(),
  showNavs: flag.optional(),
  navList: z
    .array(navItem)
    .max(7, { error: `${E}tooMany` })
    .optional(),
  bgUrl: imagePath.optional(),
  overlay: overlaySchema.optional(),
});

const slide = z.object({
  img: imagePath,
  imgByLocale: imageByLocale.optional(),
  path: linkSchema.optional(),
  title: localized(60).optional(),
  overlay: overlaySchema.optional(),
});

export const pictureBySchema = z.object({
  size: z.union([z.literal(1920), z.literal(1200)], { error: `${E}choice` }),
  height: int(100, 1000).optional(),
  pageation: flag.optional(),
  picList: z
    .array(slide)
    .min(1, { error: `${E}empty` })
    .max(10, { error: `${E}tooMany` }),
});

export const auxiliaryIntervalSchema = z.object({ height: int(0, 400), bgColor: color.optional() });

const titleColours = {
  mainTextColor: color.optional(),
  subTextColor: color.optional(),
  moreTextColor: color.optional(),
  bgColor: color.optional(),
  mainFontSize: int(12, 48).optional(),
  subFontSize: int(10, 32).optional(),
  marginTop: int(0, 200).optional(),
  marginBottom: int(0, 200).optional(),
};

export const floorTitleSchema = z.object({
  mainTitle: localized(40),
  subTitle: localized(80).optional(),
  more: flag.optional(),
  path: linkSchema.optional(),
  ...titleColours,
});

export const goodsListSchema = z.object({
  listType: z.union([z.literal(3), z.literal(4), z.literal(5)], { error: `${E}choice` }),
  showContent: showContentSchema.optional(),
  goodsList: goods(50),
});

const hotspotBox = withLink({
  title: localized(40).optional(),
  left: int(-2000, 2000),
  top: int(-2000, 2000),
  width: int(1, 2000),
  height: int(1, 2000),
  translateX: int(-2000, 2000).optional(),
  translateY: int(-2000, 2000).optional(),
});

export const universalHotspotSchema = z.object({
  size: z.union([z.literal(1920), z.literal(1200)], { error: `${E}choice` }),
  imgList: z
    .array(
      z.object({
        url: imagePath,
        imgByLocale: imageByLocale.optional(),
        imgTit: localized(60).optional(),
        title: localized(60).optional(),
        path: linkSchema.optional(),
        overlay: overlaySchema.optional(),
        /** Labels of the hot zones, laid over the picture (one per box, same order); optional. */
        showTitles: flag.optional(),
        activeBoxs: z
          .array(hotspotBox)
          .max(20, { error: `${E}tooMany` })
          .optional(),
      }),
    )
    .min(1, { error: `${E}empty` })
    .max(10, { error: `${E}tooMany` }),
});

const activityTitle = {
  title: localized(40),
  showSubTitle: flag.optional(),
  subTitle: localized(80).optional(),
  showContent: showContentSchema.optional(),
  titleColor: color.optional(),
  subTitleColor: color.optional(),
  titleBgColor: color.optional(),
  titleSize: int(12, 48).optional(),
  subTitleSize: int(10, 32).optional(),
  ...titleColours,
};

export const storeListSchema = z.object({
  ...activityTitle,
  storeList: z.array(storeItemSchema).max(12, { error: `${E}tooMany` }),
});

export const limitedSkillSchema = z.object({
  ...activityTitle,
  /** The flash sale (seckillId) the products come from; optional. */
  activityId: idValue.optional(),
  goodsList: goods(10),
});

export const discountCouponSchema = z.object({
  ...activityTitle,
  /** The limited-time discount (discountId) the products come from; optional. */
  activityId: idValue.optional(),
  /** The shop's coupons the block offers (couponId); optional. */
  couponIds: z
    .array(idValue)
    .max(10, { error: `${E}tooMany` })
    .optional(),
  goodsList: goods(10),
});

const module1Column = z.object({
  mainTitle: localized(40).optional(),
  subTitle: localized(80).optional(),
  titleLink: linkSchema.optional(),
  goodsList: goods(3),
});

export const goodsModule1Schema = z.object({
  leftConfig: module1Column,
  centerConfig: module1Column,
  rightConfig: module1Column,
});

export const goodsModule2Schema = z.object({
  title: localized(40).optional(),
  path: linkSchema.optional(),
  maingoodsList: goods(1),
  othergoodsList: goods(6),
});

const module3Column = z.object({
  title: localized(40).optional(),
  path: linkSchema.optional(),
  goodsList: goods(3),
});

export const goodsModule3Schema = z.object({ leftConfig: module3Column, rightConfig: module3Column });

export const goodsModuleBgSchema = z.object({
  bgImg: imagePath.optional(),
  path: linkSchema.optional(),
  overlay: overlaySchema.optional(),
  goodsList: goods(4),
});

export const pageBackgroundSchema = z.object({ background: color });

const blockOf = <T extends string, S extends z.ZodType>(type: T, dataField: S) =>
  z.object({ type: z.literal(type), dataField });

/** The blocks of the PC format, by type (page_background is the page's colour, stored last). */
export const BLOCK_SCHEMAS = {
  shop_signs: shopSignsSchema,
  picture_by: pictureBySchema,
  auxiliary_interval: auxiliaryIntervalSchema,
  floor_title: floorTitleSchema,
  goods_list: goodsListSchema,
  universal_hotspot: universalHotspotSchema,
  store_list: storeListSchema,
  limited_skill: limitedSkillSchema,
  discount_coupon: discountCouponSchema,
  goods_module1: goodsModule1Schema,
  goods_module2: goodsModule2Schema,
  goods_module3: goodsModule3Schema,
  goods_module4: goodsModuleBgSchema,
  goods_module5: goodsModuleBgSchema,
  page_background: pageBackgroundSchema,
} as const satisfies Record<DraftBlockType, z.ZodType>;

export const blockSchema = z.discriminatedUnion(
  "type",
  [
    blockOf("shop_signs", shopSignsSchema),
    blockOf("picture_by", pictureBySchema),
    blockOf("auxiliary_interval", auxiliaryIntervalSchema),
    blockOf("floor_title", floorTitleSchema),
    blockOf("goods_list", goodsListSchema),
    blockOf("universal_hotspot", universalHotspotSchema),
    blockOf("store_list", storeListSchema),
    blockOf("limited_skill", limitedSkillSchema),
    blockOf("discount_coupon", discountCouponSchema),
    blockOf("goods_module1", goodsModule1Schema),
    blockOf("goods_module2", goodsModule2Schema),
    blockOf("goods_module3", goodsModule3Schema),
    blockOf("goods_module4", goodsModuleBgSchema),
    blockOf("goods_module5", goodsModuleBgSchema),
    blockOf("page_background", pageBackgroundSchema),
  ],
  { error: `${E}blockType` },
);
export type CheckedBlock = z.infer<typeof blockSchema>;

/** A renovation's content: the blocks in order. */
export const contentSchema = z
  .array(blockSchema, { error: `${E}content` })
  .min(1, { error: `${E}empty` })
  .max(RENOVATION_MAX_BLOCKS, { error: `${E}tooManyBlocks` });

/** What an editor sends with a draft besides its content. */
export const draftFieldsSchema = z.object({
  name: line(RENOVATION_NAME_MAX).refine((s) => s.trim() !== "", { error: `${E}name` }),
  /** home = the shop's (or the mall's) home page (default); page = another page, reached by link type 5. */
  page: z.enum(["home", "page"], { error: `${E}choice` }).optional(),
});

/** What an editor sends to create or update a draft. */
export const draftSchema = draftFieldsSchema.extend({ content: contentSchema });

/** A draft as the domain takes it: the content is checked there (with its place in the message). */
export type DraftInput = z.infer<typeof draftFieldsSchema> & { content: unknown };

// ---- problems and where they are ----------------------------------------------------------------

/** A refusal of a renovation: where (path into the content) and what (i18n key and params). */
export interface RenovationProblem {
  /** Path from the content array: [blockIndex, "dataField", …]; [] for the renovation as a whole. */
  path: readonly PropertyKey[];
  key: string;
  params: Record<string, unknown>;
}

type Issue = z.core.$ZodIssue;

function paramsOf(issue: Issue): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if ("maximum" in issue) out.max = Number(issue.maximum);
  if ("minimum" in issue) out.min = Number(issue.minimum);
  return out;
}

/**
 * The innermost issue that says something: a union issue (an unknown link or block type, or a
 * value none of the variants took) is answered by the issues of the variant that got furthest.
 */
function deepest(issue: Issue): Issue {
  if (issue.code === "invalid_union" && issue.errors.length > 0) {
    const nested = issue.errors
      .map((errs) => errs[0])
      .filter((e): e is Issue => e !== undefined)
      .map((e) => deepest({ ...e, path: [...issue.path, ...e.path] }));
    const best = nested.sort((a, b) => b.path.length - a.path.length)[0];
    if (best && best.path.length > issue.path.length) return best;
  }
  return issue;
}

/** The first problem zod found, as a RenovationProblem (path from the content). */
export function problemOf(error: z.ZodError, base: readonly PropertyKey[] = []): RenovationProblem {
  const issue = deepest(error.issues[0]!);
  const known =
    issue.message.startsWith(E) || issue.message === CONTROL_CHARS_KEY || issue.message === HIDDEN_CHARS_KEY;
  const key = known ? issue.message : issue.code === "too_big" ? `${E}tooMany` : `${E}invalid`;
  const path = issue.path.slice(base.length);
  return { path, key, params: paramsOf(issue) };
}

/**
 * The path of the first array or object nested deeper than `max` (the value itself is depth 1),
 * or null. Walks without recursion, so any depth the JSON parser took is measured safely.
 */
export function tooDeepAt(value: unknown, max: number): PropertyKey[] | null {
  const stack: { v: unknown; path: PropertyKey[] }[] = [{ v: value, path: [] }];
  while (stack.length > 0) {
    const { v, path } = stack.pop()!;
    if (typeof v !== "object" || v === null) continue;
    if (path.length >= max) return path;
    const entries: [PropertyKey, unknown][] = Array.isArray(v)
      ? v.map((x, i) => [i, x])
      : Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) stack.push({ v: entries[i]![1], path: [...path, entries[i]![0]] });
  }
  return null;
}

/** The content through the rules: the checked blocks (fields the format does not name dropped), or the first problem. */
export function checkContent(
  content: unknown,
): { ok: true; blocks: CheckedBlock[] } | { ok: false; problem: RenovationProblem } {
  const deep = tooDeepAt(content, RENOVATION_MAX_DEPTH);
  if (deep) return { ok: false, problem: { path: deep, key: `${E}tooDeep`, params: { max: RENOVATION_MAX_DEPTH } } };
  const r = contentSchema.safeParse(content);
  if (r.success) return { ok: true, blocks: r.data };
  return { ok: false, problem: problemOf(r.error) };
}

/**
 * Stored blocks as they are served: each block through the rules, keeping only the fields the
 * format names (a row written by hand or before a rule existed may carry more); a block the rules
 * refuse, or JSON nested deeper than the format, is left out.
 */
export function servedBlocks(content: unknown): CheckedBlock[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((b: unknown) => {
    if (tooDeepAt(b, RENOVATION_MAX_DEPTH - 1)) return [];
    const r = blockSchema.safeParse(b);
    return r.success ? [r.data] : [];
  });
}

/** The parts of a problem's place, for the message: a block, then fields and list items. */
export type PlacePart =
  | { kind: "block"; n: number; type: string }
  | { kind: "field"; name: string }
  | { kind: "item"; n: number; list: string };

/**
 * Where a problem is, from its path: "block 3 (goods_list)", then the fields inside dataField,
 * list items counted from 1 ("goodsList item 2"). `types` = the block types of the content.
 */
export function placeOf(path: readonly PropertyKey[], types: readonly string[]): PlacePart[] {
  const parts: PlacePart[] = [];
  if (typeof path[0] !== "number") return parts;
  parts.push({ kind: "block", n: path[0] + 1, type: types[path[0]] ?? "?" });
  let lastField = "";
  for (const seg of path.slice(path[1] === "dataField" ? 2 : 1)) {
    if (typeof seg === "number") {
      if (parts.at(-1)?.kind === "field") parts.pop();
      parts.push({ kind: "item", n: seg + 1, list: lastField });
    } else {
      lastField = String(seg);
      parts.push({ kind: "field", name: lastField });
    }
  }
  return parts;
}
