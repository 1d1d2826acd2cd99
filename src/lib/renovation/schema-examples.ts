/**
 * One example per block type, as the merchant platform's editor would send it. They are part of
 * the published JSON Schema (docs/renovation.schema.json, `examples` of each block) and every one
 * is checked against the rules by src/lib/renovation/json-schema.test.ts. Ids and /uploads/ paths
 * are placeholders: a real renovation names the shop's own products, pages and uploads.
 */
const L = (zh: string, tw: string, en: string) => ({ zh, "zh-tw": tw, en });
const IMG = "/uploads/decoration/2b1f6c5e-8a0d-4c57-9d5e-0f1c2a3b4c5d.png";

export const BLOCK_EXAMPLES: Readonly<Record<string, Record<string, unknown>>> = {
  shop_signs: {
    showLogo: 0,
    showCategory: 0,
    showSearch: 0,
    showNavs: 0,
    navList: [{ name: L("首页", "首頁", "Home"), path: { type: "3", link: 4 } }],
    bgUrl: IMG,
    overlay: {
      headline: L("潮流服饰", "潮流服飾", "Fashion Store"),
      caption: L("每周上新", "每週上新", "New every week"),
    },
  },
  picture_by: {
    size: 1920,
    height: 500,
    pageation: 0,
    picList: [
      {
        img: IMG,
        imgByLocale: { en: IMG },
        path: { type: "1", link: 1001, name: L("新品", "新品", "New") },
        overlay: {
          headline: L("新品首发", "新品首發", "New arrivals"),
          caption: L("<b>限时</b>优惠", "<b>限時</b>優惠", "<b>Limited-time</b> offers"),
          align: "left",
          tone: "light",
        },
      },
    ],
  },
  auxiliary_interval: { height: 20, bgColor: "#f5f5f5" },
  floor_title: {
    mainTitle: L("新品推荐", "新品推薦", "New Arrivals"),
    subTitle: L("每日上新", "每日上新", "Fresh in every day"),
    more: 1,
    path: { type: "4", link: "/list?st=1", name: L("更多", "更多", "More") },
    mainTextColor: "#222222",
    mainFontSize: 24,
  },
  goods_list: { listType: 4, showContent: ["0", "1", "2"], goodsList: [{ id: 1001 }, { id: 1002 }] },
  universal_hotspot: {
    size: 1200,
    imgList: [
      {
        url: IMG,
        imgTit: L("频道导航", "頻道導航", "Channels"),
        showTitles: 1,
        activeBoxs: [
          {
            type: "2",
            link: [1, 11, 111],
            title: L("手机", "手機", "Phones"),
            left: 12,
            top: 12,
            width: 216,
            height: 376,
          },
          {
            type: "6",
            link: { url: "https://example.com/help" },
            title: L("帮助", "幫助", "Help"),
            left: 252,
            top: 12,
            width: 216,
            height: 376,
          },
        ],
      },
    ],
  },
  store_list: { title: L("品牌好店", "品牌好店", "Featured Shops"), showSubTitle: 0, storeList: [{ shopId: 4 }] },
  limited_skill: {
    title: L("限时秒杀", "限時秒殺", "Flash Sale"),
    titleBgColor: "#e4393c",
    titleColor: "#ffffff",
    activityId: 1,
    goodsList: [{ prodId: 1001 }],
  },
  discount_coupon: {
    title: L("领券更优惠", "領券更優惠", "Coupons"),
    couponIds: [3],
    goodsList: [{ id: 1002 }],
  },
  goods_module1: {
    leftConfig: { mainTitle: L("数码", "數碼", "Digital"), goodsList: [{ id: 1001 }] },
    centerConfig: { mainTitle: L("自营", "自營", "Our picks"), titleLink: { type: "3", link: 1 }, goodsList: [] },
    rightConfig: {
      mainTitle: L("公告", "公告", "Notices"),
      titleLink: { type: "6", link: { url: "/notice-list" } },
      goodsList: [],
    },
  },
  goods_module2: {
    title: L("家电焕新季", "家電煥新季", "Appliance Season"),
    path: { type: "5", link: [2, 0] },
    maingoodsList: [{ id: 1001 }],
    othergoodsList: [{ id: 1002 }],
  },
  goods_module3: {
    leftConfig: { title: L("穿搭", "穿搭", "Style"), goodsList: [{ id: 1001 }] },
    rightConfig: { title: L("美妆", "美妝", "Beauty"), goodsList: [{ id: 1002 }] },
  },
  goods_module4: {
    bgImg: IMG,
    overlay: { headline: L("领券购", "領券購", "Coupons") },
    path: { type: "4", link: "/coupons" },
    goodsList: [{ id: 1001 }],
  },
  goods_module5: { bgImg: IMG, path: { type: "4", link: "/group-buy" }, goodsList: [{ id: 1002 }] },
  page_background: { background: "#f5f5f5" },
};
