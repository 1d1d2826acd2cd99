/**
 * What a block of each type holds when it is added from the palette: the least the block rules
 * (src/lib/renovation/block-schema.ts) ask for, texts empty in the three languages (the form marks
 * them missing), pictures and products to be picked.
 */
import type { DraftBlockType } from "../../lib/renovation/block-types.ts";

const L = () => ({ zh: "", "zh-tw": "", en: "" });

export function defaultDataField(type: DraftBlockType): Record<string, unknown> {
  switch (type) {
    case "shop_signs":
      return { showLogo: 1, showCategory: 1, showSearch: 1, showNavs: 0 };
    case "picture_by":
      return { size: 1920, height: 400, picList: [{ img: "" }] };
    case "auxiliary_interval":
      return { height: 20 };
    case "floor_title":
      return { mainTitle: L() };
    case "goods_list":
      return { listType: 4, goodsList: [] };
    case "universal_hotspot":
      return { size: 1920, imgList: [{ url: "" }] };
    case "store_list":
      return { title: L(), storeList: [] };
    case "limited_skill":
    case "discount_coupon":
      return { title: L(), goodsList: [] };
    case "goods_module1":
      return { leftConfig: { goodsList: [] }, centerConfig: { goodsList: [] }, rightConfig: { goodsList: [] } };
    case "goods_module2":
      return { maingoodsList: [], othergoodsList: [] };
    case "goods_module3":
      return { leftConfig: { goodsList: [] }, rightConfig: { goodsList: [] } };
    case "goods_module4":
    case "goods_module5":
      return { goodsList: [] };
    case "page_background":
      return { background: "#ffffff" };
  }
}
