/**
 * The block types of the PC renovation format (CONTRACT §10, docs/renovation.md "The format"):
 * the one list that the renderer (blocks.ts), the rules (block-schema.ts) and the studio's palette
 * (src/islands/renovation/) all read. Nothing else lives here, so an island that needs the
 * list pulls a few hundred bytes, not the renderer or the rules.
 */

/** The blocks drawn on the page, in the palette's order. */
export const BLOCK_TYPES = [
  "shop_signs",
  "picture_by",
  "auxiliary_interval",
  "floor_title",
  "goods_list",
  "universal_hotspot",
  "store_list",
  "limited_skill",
  "discount_coupon",
  "goods_module1",
  "goods_module2",
  "goods_module3",
  "goods_module4",
  "goods_module5",
] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

/** The page's colour: a block of the format that draws nothing itself (stored last). */
export const PAGE_BACKGROUND = "page_background";

/** Every type a draft may hold: the drawn blocks and the page's colour. */
export const DRAFT_BLOCK_TYPES = [...BLOCK_TYPES, PAGE_BACKGROUND] as const;
export type DraftBlockType = (typeof DRAFT_BLOCK_TYPES)[number];

export function isBlockType(v: unknown): v is BlockType {
  return typeof v === "string" && (BLOCK_TYPES as readonly string[]).includes(v);
}
