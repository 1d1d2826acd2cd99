/**
 * Block JSON shaped like src/server/seed/renovations.ts (CONTRACT §10), for the decorate tests.
 * Texts are LocalizedText; product items as the server leaves them after refreshing.
 */
export const lt = (zh: string, en: string, tw = zh) => ({ zh, "zh-tw": tw, en });

export const goods = (id: number, extra: Record<string, unknown> = {}) => ({
  id,
  prodId: id,
  name: lt(`商品${id}`, `Product ${id}`),
  prodType: 0,
  status: 1,
  price: "199.00",
  orignPrice: "299.00",
  imgs: `/uploads/p/${id}.svg`,
  description: lt(`简介${id}`, `Brief ${id}`),
  ...extra,
});

export const floorTitle = {
  type: "floor_title",
  dataField: {
    mainTitle: lt("新品推荐", "New Arrivals"),
    subTitle: lt("每日上新", "Fresh in every day"),
    more: 1,
    path: { name: lt("更多新品", "More new arrivals"), link: "/list?st=1", type: "4" },
    mainTextColor: "#222222",
    subTextColor: "#999999",
    moreTextColor: "#666666",
    bgColor: "",
    mainFontSize: 24,
    subFontSize: 12,
    marginTop: 18,
    marginBottom: 18,
  },
};

export const homeContent = [
  {
    type: "picture_by",
    dataField: {
      size: 1200,
      height: 400,
      pageation: 0,
      picList: [
        { img: "/uploads/renovation/home-1.svg", path: { name: lt("手机", "Phones"), link: [1, 11, 111], type: "2" } },
        {
          img: "/uploads/renovation/home-2.svg",
          path: { name: lt("新品上市", "New arrivals"), link: "/list?st=1", type: "4" },
        },
        {
          img: "/uploads/renovation/home-3.svg",
          path: { name: lt("品牌周专题", "Brand Week"), link: [2, 0], type: "5" },
        },
      ],
    },
  },
  { type: "auxiliary_interval", dataField: { height: 20, bgColor: "#f5f5f5" } },
  {
    type: "universal_hotspot",
    dataField: {
      size: 1200,
      imgList: [
        {
          url: "/uploads/renovation/hotspot-home.svg",
          title: lt("频道导航", "Channels"),
          link: "",
          type: "",
          imgTit: lt("频道导航", "Channels"),
          activeBoxs: [
            {
              link: "42",
              type: "1",
              title: lt("爆款手机", "Hot phones"),
              left: 12,
              top: 12,
              width: 216,
              height: 376,
              translateX: 0,
              translateY: 0,
            },
            {
              link: [2, 21, 211],
              type: "2",
              title: lt("电脑", "Computers"),
              left: 252,
              top: 12,
              width: 216,
              height: 376,
              translateX: 0,
              translateY: 0,
            },
            {
              link: "1",
              type: "3",
              title: lt("旗舰店", "Flagship"),
              left: 492,
              top: 12,
              width: 216,
              height: 376,
              translateX: 0,
              translateY: 0,
            },
            {
              link: "/coupons",
              type: "4",
              title: lt("领券中心", "Voucher centre"),
              left: 732,
              top: 12,
              width: 216,
              height: 376,
              translateX: 0,
              translateY: 0,
            },
            {
              link: { url: "https://example.com/help" },
              type: "6",
              title: lt("帮助中心", "Help centre"),
              left: 972,
              top: 12,
              width: 216,
              height: 376,
              translateX: 0,
              translateY: 0,
            },
          ],
        },
      ],
    },
  },
  floorTitle,
  {
    type: "goods_list",
    dataField: { listType: 4, showContent: ["0", "1", "2"], goodsList: [goods(1), goods(2), goods(3), goods(4)] },
  },
  {
    type: "limited_skill",
    dataField: {
      title: lt("限时秒杀", "Flash Sale"),
      showSubTitle: 1,
      subTitle: lt("每日10点开抢", "New deals at 10:00 daily"),
      showContent: ["0", "2"],
      titleColor: "#ffffff",
      subTitleColor: "#ffe8e8",
      titleBgColor: "#e4393c",
      titleSize: 24,
      subTitleSize: 14,
      marginTop: 30,
      marginBottom: 20,
      goodsList: [goods(5, { activityPrice: "159.00" }), goods(6, { activityPrice: "99.00" })],
    },
  },
  {
    type: "discount_coupon",
    dataField: {
      title: lt("优惠拼团", "Group Deals"),
      showSubTitle: 1,
      subTitle: lt("好友一起拼", "Team up"),
      showContent: ["0", "2"],
      titleColor: "#ffffff",
      subTitleColor: "#fff4e0",
      titleBgColor: "#f08c00",
      titleSize: 24,
      subTitleSize: 14,
      marginTop: 30,
      marginBottom: 20,
      goodsList: [goods(7, { activityPrice: "150.00" })],
    },
  },
  {
    type: "store_list",
    dataField: {
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
      storeList: [
        {
          shopId: 1,
          shopLogo: "/uploads/shops/1.svg",
          imgs: ["/uploads/p/1.svg", "/uploads/p/2.svg"],
          shopName: lt("蓝湾自营旗舰店", "Bluebay Flagship"),
          shopStatus: 1,
          type: 1,
          fansCount: 1200,
          shopFocusNumber: 1200,
        },
        {
          shopId: 3,
          shopLogo: "/uploads/shops/3.svg",
          imgs: [],
          shopName: lt("优选家电专营店", "Preferred Appliances"),
          shopStatus: 1,
          type: 2,
          fansCount: 300,
          shopFocusNumber: 300,
        },
        {
          shopId: 10,
          shopLogo: "/uploads/shops/10.svg",
          imgs: [],
          shopName: lt("老王数码", "Lao Wang Digital"),
          shopStatus: 2,
          type: 0,
          fansCount: 5,
          shopFocusNumber: 5,
        },
      ],
    },
  },
  {
    type: "goods_module1",
    dataField: {
      leftConfig: {
        mainTitle: lt("数码潮品", "Digital Picks"),
        subTitle: lt("智能生活", "Smarter living"),
        titleLink: { name: lt("手表", "Watches"), link: [1, 12, 121], type: "2" },
        goodsList: [goods(11), goods(12), goods(13)],
      },
      centerConfig: {
        mainTitle: lt("自营好物", "Bluebay Picks"),
        subTitle: lt("正品保障", "Genuine"),
        titleLink: { name: lt("旗舰店", "Flagship"), link: "1", type: "3" },
        goodsList: [goods(14)],
      },
      rightConfig: {
        mainTitle: lt("平台公告", "Notices"),
        subTitle: lt("动态", "News"),
        titleLink: { name: lt("公告列表", "All notices"), link: { url: "/notice-list" }, type: "6" },
        goodsList: [goods(15), goods(16)],
      },
    },
  },
  {
    type: "goods_module2",
    dataField: {
      title: lt("家电焕新季", "Appliance Upgrade Season"),
      path: { name: lt("电视", "TVs"), link: [3, 31, 311], type: "2" },
      maingoodsList: [goods(21)],
      othergoodsList: [goods(22), goods(23), goods(24), goods(25), goods(26), goods(27)],
    },
  },
  {
    type: "goods_module3",
    dataField: {
      leftConfig: {
        title: lt("潮流穿搭", "Style Edit"),
        path: { name: lt("潮流服饰", "Trendy"), link: "4", type: "3" },
        goodsList: [goods(31), goods(32), goods(33)],
      },
      rightConfig: {
        title: lt("品牌周", "Brand Week"),
        path: { name: lt("品牌周", "Brand Week"), link: [2, 0], type: "5" },
        goodsList: [goods(34), goods(35), goods(36)],
      },
    },
  },
  {
    type: "goods_module4",
    dataField: {
      bgImg: "/uploads/renovation/module4-bg.svg",
      path: { name: lt("领券中心", "Voucher centre"), link: "/coupons", type: "4" },
      goodsList: [goods(41), goods(42), goods(43), goods(44)],
    },
  },
  {
    type: "goods_module5",
    dataField: {
      bgImg: "/uploads/renovation/module5-bg.svg",
      path: { name: lt("品牌周活动", "Brand Week event"), link: { url: "https://example.com/brand-week" }, type: "6" },
      goodsList: [goods(51), goods(52), goods(53), goods(54)],
    },
  },
  { type: "page_background", dataField: { background: "#f5f5f5" } },
];

export const shopSigns = {
  type: "shop_signs",
  dataField: {
    showLogo: 0,
    showCategory: 0,
    showSearch: 1,
    showNavs: 0,
    bgUrl: "/uploads/renovation/sign-s04.svg",
    navList: [
      { name: lt("首页", "Home"), path: { name: lt("潮流服饰", "Trendy"), link: "4", type: "3" } },
      { name: lt("女装", "Women"), path: { name: lt("女装", "Women"), link: "/shopIndex?sid=4&cid=60", type: "4" } },
      { name: lt("新品", "New"), path: { name: lt("新品", "New"), link: "/list?st=1", type: "4" } },
      {
        name: lt("店铺公告", "Notices"),
        path: { name: lt("店铺公告", "Notices"), link: { url: "/notice-list" }, type: "6" },
      },
    ],
  },
};
