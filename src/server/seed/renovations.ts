/**
 * Page renovations (CONTRACT §10): the platform PC home page, a platform micro-page (link type 5
 * target), two decorated open shops and one unpublished shop draft. Texts inside blocks are
 * LocalizedText objects; product items reference real seeded products.
 *
 * Link objects are {name, link, type}:
 *   "1" product  link = "prodId"            "2" category link = [cpid, cid, thCid]
 *   "3" shop     link = "shopId"            "4" internal path link = "/list?st=1"
 *   "5" micro-page link = [renovationId, shopId]
 *   "6" custom URL link = {url: "https://…"} or {url: "/notice-list"} (internal)
 * Hot-zone boxes (universal_hotspot activeBoxs) are in pixels of the 1200 px wide picture
 * (the channel tiles: images.ts hotspotTileBox).
 */
import type { LocalizedText } from "../../lib/locale.ts";
import { renovations, uploadOwners, type RenovationBlock } from "../db/schema/index.ts";
import type { Catalog, CatNode } from "./catalog.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import { PROFILES } from "./fixtures/profiles.ts";
import { bannerSvg, hotspotSvg, hotspotTileBox, moduleBgSvg, type IconKind } from "./images.ts";
import { productRenderSvg } from "./product-render.ts";
import { cents, lt } from "./names.ts";
import type { ProductPlan, ProductSet } from "./products.ts";
import type { ShopNode } from "./shops.ts";

export const HOME_RENOVATION_ID = 1;
export const MICRO_PAGE_RENOVATION_ID = 2;

type Link = { name: LocalizedText; link: string | number[] | { url: string }; type: "1" | "2" | "3" | "4" | "5" | "6" };

const prodLink = (p: ProductPlan): Link => ({ name: p.name, link: String(p.prodId), type: "1" });
const shopLink = (s: ShopNode): Link => ({ name: s.name, link: String(s.id), type: "3" });
const pathLink = (name: LocalizedText, path: string): Link => ({ name, link: path, type: "4" });
const microLink = (name: LocalizedText, renovationId: number, shopId: number): Link => ({
  name,
  link: [renovationId, shopId],
  type: "5",
});
const urlLink = (name: LocalizedText, url: string): Link => ({ name, link: { url }, type: "6" });

function goodsItem(p: ProductPlan) {
  return {
    id: p.prodId,
    prodId: p.prodId,
    name: p.name,
    prodType: 0,
    status: p.status,
    price: cents(p.price),
    orignPrice: cents(p.oriPrice),
    imgs: p.pic,
    description: p.brief,
  };
}

/** Flash-sale style items: keyed by prodId, activityPrice = about 80% of the price. */
function activityItem(p: ProductPlan) {
  const activity = Math.max(1, Math.round((p.price * 0.8) / 10) * 10);
  return { ...goodsItem(p), activityPrice: cents(activity) };
}

const block = (type: string, dataField: Record<string, unknown>): RenovationBlock => ({ type, dataField });

const floorTitle = (main: LocalizedText, sub: LocalizedText, path: Link | null): RenovationBlock =>
  block("floor_title", {
    mainTitle: main,
    subTitle: sub,
    more: path ? 1 : 0,
    ...(path ? { path } : {}),
    mainTextColor: "#222222",
    subTextColor: "#999999",
    moreTextColor: "#666666",
    bgColor: "",
    mainFontSize: 24,
    subFontSize: 12,
    marginTop: 18,
    marginBottom: 18,
  });

export async function seedRenovations(
  ctx: SeedContext,
  catalog: Catalog,
  shopNodes: ShopNode[],
  set: ProductSet,
): Promise<void> {
  const { rng, images, clock } = ctx;
  const openShops = shopNodes.filter((s) => s.def.status === 1);
  const openIds = new Set(openShops.map((s) => s.id));
  const showable = set.all.filter((p) => p.status === 1 && openIds.has(p.shopId) && p.totalStocks > 0);
  const used = new Set<number>();
  /** n distinct showable products matching a filter (deterministic). */
  const take = (n: number, filter: (p: ProductPlan) => boolean = () => true): ProductPlan[] => {
    const pool = rng.shuffle(showable.filter((p) => filter(p) && !used.has(p.prodId)));
    const out = pool.slice(0, n);
    for (const p of out) used.add(p.prodId);
    return out;
  };
  const inTop = (key: string) => (p: ProductPlan) => p.leaf.topKey === key;
  const leaf = (key: string): CatNode => catalog.byKey.get(key)!;
  const catLink = (key: string): Link => ({ name: leaf(key).name, link: catalog.pathOf(leaf(key).id), type: "2" });
  const shopById = new Map(shopNodes.map((s) => [s.id, s]));

  /** The renovation pictures and the shop that owns each (0 = platform): merchants may reuse their own. */
  const owners = new Map<string, number>();
  const picture = (rel: string, svg: string, owner: number) => {
    const url = images.add(`renovation/${rel}.svg`, svg);
    owners.set(url, owner);
    return url;
  };
  const banner = (rel: string, w: number, h: number, hue: number, kind: IconKind, owner = 0) =>
    picture(rel, bannerSvg(w, h, hue, kind), owner);
  /** Headline and caption laid over a picture, in the three languages. */
  const words = (headline: LocalizedText, caption?: LocalizedText) => ({ headline, ...(caption ? { caption } : {}) });

  // ---- Platform home page ----
  const microName = lt("品牌周专题", "Brand Week");
  const newest = [...showable].sort((a, b) => b.putawayTime.getTime() - a.putawayTime.getTime()).slice(0, 8);
  for (const p of newest) used.add(p.prodId);
  const best = [...showable]
    .filter((p) => !used.has(p.prodId))
    .sort((a, b) => b.soldNum - a.soldNum)
    .slice(0, 10);
  for (const p of best) used.add(p.prodId);
  const flagshipPick = take(1, (p) => p.leaf.key === "phones.mobile.smart")[0] ?? take(1)[0]!;

  // Five category channels, each shown by a product's own picture: the phones channel by the
  // flagship phone, the others by their best seller (no further random draw: the rest of the
  // demo stays as it was).
  const channels = [
    flagshipPick,
    ...["computers", "appliances", "fashion", "food"].flatMap((top) => {
      const p = [...showable].filter(inTop(top)).sort((a, b) => b.soldNum - a.soldNum || a.prodId - b.prodId)[0];
      return p ? [p] : [];
    }),
  ];
  const hotspotImg = picture(
    "hotspot-home",
    hotspotSvg(
      channels.map((p) =>
        productRenderSvg({ hue: p.leaf.hue, icon: PROFILES[p.leaf.leaf!.profile].icon, index: 0, variant: p.prodId }),
      ),
    ),
    0,
  );
  const flagship = shopById.get(1)!;
  const box = (i: number, target: Link) => ({
    link: target.link,
    type: target.type,
    title: target.name,
    ...hotspotTileBox(i, channels.length),
    translateX: 0,
    translateY: 0,
  });

  const storeShops = [...openShops.slice(0, 5), shopNodes.find((s) => s.def.status === 2)!];
  const storeItem = (s: ShopNode) => {
    const prods = set.all.filter((p) => p.shopId === s.id && p.status === 1).slice(0, 3);
    return {
      shopId: s.id,
      shopLogo: s.logo,
      imgs: prods.map((p) => p.pic),
      shopName: s.name,
      shopStatus: s.def.status,
      type: s.def.type,
      fansCount: s.fansCount,
      shopFocusNumber: s.fansCount,
    };
  };

  const module1Col = (main: LocalizedText, sub: LocalizedText, titleLink: Link, goods: ProductPlan[]) => ({
    mainTitle: main,
    subTitle: sub,
    titleLink,
    goodsList: goods.map(goodsItem),
  });
  const bg4 = picture("module4-bg", moduleBgSvg(20), 0);
  const bg5 = picture("module5-bg", moduleBgSvg(280), 0);

  const home: RenovationBlock[] = [
    block("picture_by", {
      size: 1200,
      height: 400,
      pageation: 0,
      picList: [
        {
          img: banner("home-1", 1200, 400, 210, "phone"),
          overlay: words(lt("新品首发", "New arrivals"), lt("最新智能手机，抢先体验", "The latest smartphones, first")),
          path: catLink("phones.mobile.smart"),
        },
        {
          img: banner("home-2", 1200, 400, 20, "gift"),
          overlay: words(
            lt("双十二 年终狂欢", "Double 12 year-end sale"),
            lt("低至五折，好物上新", "Up to 50% off, and what's new"),
          ),
          path: pathLink(lt("新品上市", "New arrivals"), "/list?st=1"),
        },
        {
          img: banner("home-3", 1200, 400, 280, "star"),
          overlay: words(lt("品牌周 大牌直降", "Brand Week"), lt("大牌好物，价格更低", "Big names, smaller prices")),
          path: microLink(microName, MICRO_PAGE_RENOVATION_ID, 0),
        },
      ],
    }),
    block("auxiliary_interval", { height: 20, bgColor: "#f5f5f5" }),
    block("universal_hotspot", {
      size: 1200,
      imgList: [
        {
          url: hotspotImg,
          title: lt("频道导航", "Channels"),
          imgTit: lt("频道导航", "Channels"),
          showTitles: 1,
          activeBoxs: [
            ...channels.map((p, i) => box(i, { name: p.leaf.name, link: catalog.pathOf(p.leaf.id), type: "2" })),
          ],
        },
      ],
    }),
    floorTitle(
      lt("新品推荐", "New Arrivals"),
      lt("每日上新，抢先体验", "Fresh in every day"),
      pathLink(lt("更多新品", "More new arrivals"), "/list?st=1"),
    ),
    block("goods_list", { listType: 4, showContent: ["0", "1", "2"], goodsList: newest.map(goodsItem) }),
    floorTitle(
      lt("热卖好物", "Best Sellers"),
      lt("大家都在买", "What everyone is buying"),
      pathLink(lt("全部商品", "All products"), "/list?st=0"),
    ),
    block("goods_list", { listType: 5, showContent: ["0", "2"], goodsList: best.map(goodsItem) }),
    block("limited_skill", {
      title: lt("限时秒杀", "Flash Sale"),
      showSubTitle: 1,
      subTitle: lt("限量好物 限时低价", "Limited stock at limited-time prices"),
      showContent: ["0", "2"],
      titleColor: "#ffffff",
      subTitleColor: "#ffe8e8",
      titleBgColor: "#e4393c",
      titleSize: 24,
      subTitleSize: 14,
      marginTop: 30,
      marginBottom: 20,
      goodsList: take(4, (p) => p.price >= 5000).map(activityItem),
    }),
    block("discount_coupon", {
      title: lt("优惠拼团", "Group Deals"),
      showSubTitle: 1,
      subTitle: lt("好友一起拼，价格更低", "Team up with friends for a better price"),
      showContent: ["0", "2"],
      titleColor: "#ffffff",
      subTitleColor: "#fff4e0",
      titleBgColor: "#f08c00",
      titleSize: 24,
      subTitleSize: 14,
      marginTop: 30,
      marginBottom: 20,
      goodsList: take(4).map(activityItem),
    }),
    block("store_list", {
      showSubTitle: 1,
      title: lt("品牌好店", "Featured Shops"),
      subTitle: lt("精选优质店铺", "Hand-picked quality shops"),
      mainTextColor: "#222222",
      subTextColor: "#999999",
      bgColor: "",
      mainFontSize: 24,
      subFontSize: 12,
      marginTop: 18,
      marginBottom: 18,
      storeList: storeShops.map(storeItem),
    }),
    floorTitle(lt("品质生活", "Quality Living"), lt("为生活添一点好", "Little upgrades for every day"), null),
    block("goods_module1", {
      leftConfig: module1Col(
        lt("数码潮品", "Digital Picks"),
        lt("智能生活新体验", "Smarter living"),
        catLink("phones.smart.watch"),
        take(3, inTop("phones")),
      ),
      centerConfig: module1Col(
        lt("自营好物", "Bluebay Picks"),
        lt("正品保障 极速达", "Genuine and fast"),
        shopLink(flagship),
        take(3, (p) => p.shopId === flagship.id),
      ),
      // Products, so titled as products (the mall notices are beside the carousel).
      rightConfig: module1Col(
        lt("居家好物", "Home Essentials"),
        lt("把家过成喜欢的样子", "Make home the way you like it"),
        catLink("home.bedding.set"),
        take(3, inTop("home")),
      ),
    }),
    block("goods_module2", {
      title: lt("家电焕新季", "Appliance Upgrade Season"),
      path: catLink("appliances.big.tv"),
      maingoodsList: take(1, inTop("appliances")).map(goodsItem),
      othergoodsList: take(6, inTop("appliances")).map(goodsItem),
    }),
    block("goods_module3", {
      leftConfig: {
        title: lt("潮流穿搭", "Style Edit"),
        path: shopLink(shopById.get(4)!),
        goodsList: take(3, inTop("fashion")).map(goodsItem),
      },
      rightConfig: {
        title: lt("品牌周", "Brand Week"),
        path: microLink(microName, MICRO_PAGE_RENOVATION_ID, 0),
        goodsList: take(3, inTop("beauty")).map(goodsItem),
      },
    }),
    block("goods_module4", {
      bgImg: bg4,
      overlay: words(lt("领券购", "Coupons"), lt("先领券再下单", "Claim first, then shop")),
      path: pathLink(lt("领券中心", "Voucher centre"), "/coupons"),
      goodsList: take(4, inTop("food")).map(goodsItem),
    }),
    block("goods_module5", {
      bgImg: bg5,
      overlay: words(lt("品牌周", "Brand Week")),
      path: urlLink(lt("品牌周活动", "Brand Week event"), "https://example.com/brand-week"),
      goodsList: take(4, inTop("sports")).map(goodsItem),
    }),
    block("page_background", { background: "#f5f5f5" }),
  ];

  // ---- Platform micro-page (target of link type 5) ----
  const micro: RenovationBlock[] = [
    block("picture_by", {
      size: 1920,
      height: 500,
      pageation: 1,
      picList: [
        {
          img: banner("brand-week", 1920, 500, 280, "star"),
          overlay: words(lt("品牌周 大牌直降", "Brand Week"), lt("大牌好物，价格更低", "Big names, smaller prices")),
          path: pathLink(lt("全部商品", "All products"), "/list?st=0"),
        },
      ],
    }),
    floorTitle(lt("大牌精选", "Top Brands"), lt("限时特惠", "Limited-time offers"), null),
    block("goods_list", {
      listType: 4,
      showContent: ["0", "1", "2"],
      goodsList: take(8, (p) => ["beauty", "fashion", "phones"].includes(p.leaf.topKey)).map(goodsItem),
    }),
    block("page_background", { background: "#fff5f8" }),
  ];

  // ---- Decorated shops ----
  const shopPage = (shop: ShopNode, hue: number, kind: IconKind, hideSearch: boolean): RenovationBlock[] => {
    const own = (p: ProductPlan) => p.shopId === shop.id;
    const sid = String(shop.id).padStart(2, "0");
    const bgUrl = banner(`sign-s${sid}`, 1920, 150, hue, kind, shop.id);
    const moduleBg = picture(`module4-bg-s${sid}`, moduleBgSvg(hue), shop.id);
    const navList = [
      { name: lt("首页", "Home"), path: shopLink(shop) },
      ...shop.cats
        .slice(0, 4)
        .map((c) => ({ name: c.name, path: pathLink(c.name, `/shopIndex?sid=${shop.id}&cid=${c.id}`) })),
      { name: lt("新品", "New"), path: pathLink(lt("新品", "New"), "/list?st=1") },
      { name: lt("店铺公告", "Notices"), path: urlLink(lt("店铺公告", "Notices"), "/notice-list") },
    ].slice(0, 7);
    const hero = take(1, own)[0]!;
    return [
      block("shop_signs", {
        showLogo: 0,
        showCategory: 0,
        showSearch: hideSearch ? 1 : 0,
        showNavs: 0,
        navList,
        bgUrl,
        overlay: words(shop.name),
      }),
      block("picture_by", {
        size: 1920,
        height: 500,
        pageation: 0,
        picList: [
          {
            img: banner(`shop-${shop.id}-1`, 1920, 500, hue, kind, shop.id),
            // The sign above names the shop; the first slide is about the product it links to.
            overlay: words(lt("店长推荐", "The shop's pick"), hero.name),
            path: prodLink(hero),
          },
          {
            img: banner(`shop-${shop.id}-2`, 1920, 500, (hue + 40) % 360, "gift", shop.id),
            overlay: words(lt("店铺上新", "New in store"), lt("本周新品，先睹为快", "See what's new this week")),
            path: pathLink(lt("新品", "New"), `/shopIndex?sid=${shop.id}`),
          },
        ],
      }),
      // The shop's live coupons (the block lists no products of its own here).
      block("discount_coupon", {
        title: lt("领券更优惠", "Coupons"),
        showSubTitle: 1,
        subTitle: lt("先领券，再下单", "Claim a coupon before you order"),
        showContent: ["0", "2"],
        titleColor: "#ffffff",
        subTitleColor: "#fff4e0",
        titleBgColor: "#d4380d",
        titleSize: 22,
        subTitleSize: 14,
        marginTop: 20,
        marginBottom: 10,
        goodsList: [],
      }),
      floorTitle(lt("掌柜推荐", "Shop Picks"), lt("本店热卖", "Our best sellers"), null),
      block("goods_list", {
        listType: 4,
        showContent: ["0", "1", "2"],
        goodsList: [hero, ...take(7, own)].map(goodsItem),
      }),
      block("auxiliary_interval", { height: 20, bgColor: "#ffffff" }),
      block("goods_module4", {
        bgImg: moduleBg,
        overlay: words(lt("领券购", "Coupons")),
        path: pathLink(lt("领券中心", "Voucher centre"), "/coupons"),
        goodsList: take(4, own).map(goodsItem),
      }),
      block("page_background", { background: "#f7f7f7" }),
    ];
  };
  const shopA = shopById.get(1)!;
  const shopB = shopById.get(4)!;
  const pageA = shopPage(shopA, 215, "store", false);
  const pageB = shopPage(shopB, 330, "dress", true);
  const draft: RenovationBlock[] = [
    block("shop_signs", { ...pageA[0]!.dataField, showNavs: 1 }),
    floorTitle(lt("年终大促（草稿）", "Year-end sale (draft)"), lt("尚未发布", "Not published yet"), null),
    block("goods_list", {
      listType: 5,
      showContent: ["0", "2"],
      goodsList: take(5, (p) => p.shopId === shopA.id).map(goodsItem),
    }),
    block("page_background", { background: "#fff8e6" }),
  ];

  await insertChunks(
    ctx.tx,
    renovations,
    [
      {
        renovationId: HOME_RENOVATION_ID,
        shopId: 0,
        name: "PC home",
        renovationType: 1,
        homeStatus: 1,
        status: 1,
        content: home,
      },
      {
        renovationId: MICRO_PAGE_RENOVATION_ID,
        shopId: 0,
        name: "Brand Week",
        renovationType: 1,
        homeStatus: 0,
        status: 1,
        content: micro,
      },
      {
        renovationId: 3,
        shopId: shopA.id,
        name: "Flagship store home",
        renovationType: 1,
        homeStatus: 1,
        status: 1,
        content: pageA,
      },
      {
        renovationId: 4,
        shopId: shopB.id,
        name: "Fashion store home",
        renovationType: 1,
        homeStatus: 1,
        status: 1,
        content: pageB,
      },
      {
        renovationId: 5,
        shopId: shopA.id,
        name: "Flagship year-end draft",
        renovationType: 1,
        homeStatus: 0,
        status: 0,
        content: draft,
      },
    ].map((r, i) => ({
      ...r,
      publishedAt: r.status === 1 ? clock.ago(20 - i) : null,
      createdAt: clock.ago(20 - i),
      updatedAt: clock.ago(5 - i * 0.5),
    })),
  );
  await insertChunks(
    ctx.tx,
    uploadOwners,
    [...owners].map(([path, shopId]) => ({ path, shopId, userId: null, createdAt: clock.ago(20) })),
  );
}
