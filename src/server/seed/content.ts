/** Platform notices and one shop's notice, hot search words and site configuration (PC config, switches, terms). */
import { hotSearches, notices, siteConfig } from "../db/schema/index.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import { faviconSvg, loginBgSvg, siteLogoSvg } from "./images.ts";
import { lt, toTw, type Pair } from "./names.ts";

interface NoticeDef {
  title: Pair;
  body: Pair;
  isTop?: boolean;
  withdrawn?: boolean;
  daysAgo: number;
  /** The shop whose notice it is; the platform's (0) when not given. */
  shopId?: number;
}

const p = (zh: string, en: string): Pair => [zh, en];

const NOTICES: NoticeDef[] = [
  {
    daysAgo: 1,
    isTop: true,
    title: p("双十二年终狂欢节活动预告", "Double 12 year-end festival is coming"),
    body: p(
      "<p>12月10日至12月12日，全场好物低至五折，更有平台大额满减券每日10点限量发放。</p><ul><li>满299减50平台券</li><li>自营商品满99包邮</li><li>会员专享额外95折</li></ul><p>活动规则以活动页面为准。</p>",
      "<p>From 10 to 12 December, thousands of items are up to 50% off, with limited platform coupons released daily at 10:00.</p><ul><li>¥50 off orders over ¥299</li><li>Free shipping on self-operated items over ¥99</li><li>An extra 5% off for members</li></ul><p>The campaign page has the full rules.</p>",
    ),
  },
  {
    daysAgo: 3,
    isTop: true,
    title: p("关于冬季物流配送时效的说明", "Winter delivery times"),
    body: p(
      "<p>受降温降雪天气影响，东北、西北部分地区的快递可能延迟1-3天送达，请您耐心等待。</p><p>您可以在“我的订单”中随时查看物流进度。</p>",
      "<p>Snow and low temperatures may delay parcels to parts of the north-east and north-west by 1-3 days. Thank you for your patience.</p><p>You can follow every parcel under My Orders.</p>",
    ),
  },
  {
    daysAgo: 6,
    isTop: true,
    title: p("新用户专享：注册即送100元新人礼包", "New here? Get a ¥100 welcome pack"),
    body: p(
      "<p>即日起新注册用户可在领券中心领取价值100元的新人券包，包含无门槛券和品类券。</p>",
      "<p>New members can claim a ¥100 welcome coupon pack in the Voucher Centre, including no-minimum and category coupons.</p>",
    ),
  },
  {
    daysAgo: 10,
    title: p("平台服务协议更新公告", "Updated platform service terms"),
    body: p(
      "<p>为更好地保障您的权益，我们更新了《平台服务协议》和《隐私政策》，更新内容自公告之日起生效。</p>",
      "<p>To better protect you, we have updated the Service Terms and the Privacy Policy. The changes take effect from the date of this notice.</p>",
    ),
  },
  {
    daysAgo: 15,
    title: p("警惕冒充客服的诈骗电话", "Beware of fake customer-service calls"),
    body: p(
      "<p>平台客服不会以任何理由要求您提供银行卡密码或验证码，也不会要求您向陌生账户转账。如有疑问请通过官方在线客服核实。</p>",
      "<p>Our staff will never ask for your card PIN or a verification code, or ask you to transfer money to an unknown account. If in doubt, check with official online support.</p>",
    ),
  },
  {
    daysAgo: 22,
    title: p("家电以旧换新补贴活动开启", "Trade-in subsidy for home appliances"),
    body: p(
      "<p>购买指定品牌冰箱、洗衣机、空调，旧机回收可享最高800元补贴，送货安装一次完成。</p>",
      "<p>Trade in your old appliance when buying selected refrigerators, washing machines or air conditioners and get up to ¥800 off, with delivery and installation in one visit.</p>",
    ),
  },
  {
    daysAgo: 30,
    title: p("商家入驻招募计划", "Open your shop on Bluebay"),
    body: p(
      "<p>平台面向优质品牌和商家开放入驻，提供流量扶持与开店指导，欢迎申请。</p>",
      "<p>We welcome quality brands and merchants, with traffic support and guidance for new shops. Apply today.</p>",
    ),
  },
  {
    daysAgo: 41,
    title: p("积分商城上新啦", "New rewards in the Points Mall"),
    body: p(
      "<p>积分商城新增数码配件、家居好物等百余款商品，积分可抵现，快来兑换吧。</p>",
      "<p>More than a hundred new rewards — from digital accessories to homeware — are now in the Points Mall.</p>",
    ),
  },
  {
    daysAgo: 55,
    title: p("七天无理由退货服务说明", "About 7-day no-reason returns"),
    body: p(
      "<p>支持七天无理由退货的商品，在签收后7天内可申请退货，商品需保持完好，不影响二次销售。</p>",
      "<p>Items marked with 7-day no-reason returns can be returned within 7 days of delivery, provided they are in resalable condition.</p>",
    ),
  },
  {
    daysAgo: 70,
    withdrawn: true,
    title: p("国庆假期客服时间调整（已撤回）", "National Day support hours (withdrawn)"),
    body: p("<p>此公告已撤回。</p>", "<p>This notice has been withdrawn.</p>"),
  },
  {
    daysAgo: 2,
    shopId: 1,
    title: p("本店年终盘点，部分商品延迟发货", "Year-end stocktaking: some orders ship later"),
    body: p(
      "<p>本店将于本周末进行年终盘点，期间下单的部分商品将于盘点结束后两天内发出。</p>",
      "<p>Our year-end stocktaking takes place this weekend; some orders placed meanwhile ship within two days after it.</p>",
    ),
  },
];

const HOT_PRODUCT_WORDS: Pair[] = [
  p("手机", "phone"),
  p("笔记本电脑", "laptop"),
  p("耳机", "earbuds"),
  p("连衣裙", "dress"),
  p("空气炸锅", "air fryer"),
  p("坚果", "nuts"),
  p("积木", "blocks"),
  p("跑步鞋", "running shoes"),
];
const HOT_SHOP_WORDS: Pair[] = [p("旗舰店", "flagship"), p("数码", "digital"), p("母婴", "baby")];

export async function seedContent(ctx: SeedContext): Promise<void> {
  const { tx, clock, images } = ctx;

  await insertChunks(
    tx,
    notices,
    NOTICES.map((n, i) => ({
      id: i + 1,
      shopId: n.shopId ?? 0,
      title: lt(n.title[0], n.title[1]),
      content: lt(n.body[0], n.body[1]),
      isTop: n.isTop ? 1 : 0,
      status: n.withdrawn ? 0 : 1,
      publishTime: clock.ago(n.daysAgo, 600 - i * 13),
      updatedAt: clock.ago(n.daysAgo, 600 - i * 13),
    })),
  );

  await insertChunks(
    tx,
    hotSearches,
    [
      ...HOT_PRODUCT_WORDS.map((w, i) => ({ title: lt(w[0], w[1]), content: lt(w[0], w[1]), type: 1, seq: i + 1 })),
      ...HOT_SHOP_WORDS.map((w, i) => ({ title: lt(w[0], w[1]), content: lt(w[0], w[1]), type: 2, seq: i + 1 })),
    ].map((h, i) => ({ hotSearchId: i + 1, shopId: 0, status: 1, createdAt: clock.ago(30 - i), ...h })),
  );

  const logo = images.add("site/logo.svg", siteLogoSvg());
  const favicon = images.add("site/favicon.svg", faviconSvg());
  const qr = await images.addQrCode("site/qrcode.svg", ctx.mobileMallUrl);
  const loginBg = images.add("site/login-bg.svg", loginBgSvg());

  const titleCn = "蓝湾商城 - 多商户网上购物平台";
  const welcomeCn = "您好，欢迎来到蓝湾商城！";
  const companyCn = "蓝湾（示例）电子商务有限公司";
  const infoCn =
    "地址：上海市浦东新区示例路88号蓝湾大厦12楼\n客服热线：400-800-0000（9:00-21:00）\n邮箱：service@bluebay.example.com\n沪ICP备00000000号-1（演示站点）";
  const copyrightCn = "© 2026 蓝湾商城 版权所有";
  const pcConfig = {
    pcLogoImg: logo,
    pcLogoImgText: logo,
    pcTitleImg: favicon,
    pcQrcodeImg: qr,
    pcLoginBgImg: loginBg,
    pcTitleContentCn: titleCn,
    pcTitleContentTw: toTw(titleCn),
    pcTitleContentEn: "Bluebay Mall - Multi-vendor Online Shopping",
    pcWelcomeCn: welcomeCn,
    pcWelcomeTw: toTw(welcomeCn),
    pcWelcomeEn: "Hello, welcome to Bluebay Mall!",
    pcCompanyNameCn: companyCn,
    pcCompanyNameTw: toTw(companyCn),
    pcCompanyNameEn: "Bluebay (Demo) E-commerce Co., Ltd.",
    pcCompanyInfoCn: infoCn,
    pcCompanyInfoTw: toTw(infoCn),
    pcCompanyInfoEn:
      "Address: 12/F Bluebay Tower, 88 Example Road, Pudong, Shanghai\nHotline: 400-800-0000 (9:00-21:00)\nEmail: service@bluebay.example.com\nICP licence 00000000-1 (demo site)",
    pcCopyrightCn: copyrightCn,
    pcCopyrightTw: toTw(copyrightCn),
    pcCopyrightEn: "© 2026 Bluebay Mall. All rights reserved.",
  };

  await insertChunks(
    tx,
    siteConfig,
    [
      { key: "PC_WEBSITE_CONFIG", value: pcConfig },
      {
        key: "SERVICE_SWITCH",
        value: {
          serviceTermsSwitch: true,
          privacyPolicySwitch: true,
          merchantRegisterProtocolSwitch: false,
          shopProtocolSwitch: false,
        },
      },
      {
        key: "PAY_SWITCH",
        value: { aliPaySwitch: true, wxPaySwitch: true, balancePaySwitch: true, payPalSwitch: false },
      },
      { key: "EXCHANGE_RATE", value: { rate: "21.99" } },
      { key: "SERVICE_TERMS", value: lt(SERVICE_TERMS[0], SERVICE_TERMS[1]) },
      { key: "PRIVACY_POLICY", value: lt(PRIVACY_POLICY[0], PRIVACY_POLICY[1]) },
    ].map((r) => ({ ...r, updatedAt: clock.ago(10) })),
  );
}

/** The unsafe <script> proves that terms HTML is sanitised before display. */
const SCRIPT = `<script>alert("terms")</script>`;

const SERVICE_TERMS: Pair = [
  `<h2>蓝湾商城平台服务协议</h2>
<p>欢迎您使用蓝湾商城（以下简称“本平台”）。在注册和使用本平台服务前，请您仔细阅读并充分理解本协议的全部内容。您点击同意或实际使用本平台服务，即表示您已接受本协议。</p>
<h3>一、账户注册与使用</h3>
<p>您应提供真实、准确的注册信息，并妥善保管账户和密码。因您保管不善导致的损失由您自行承担。账户仅限本人使用，不得转让或出借。</p>
<h3>二、商品信息与交易</h3>
<p>平台上的商品由平台自营或入驻商家提供。商品价格、库存等信息可能随时变动，以您提交订单时页面展示为准。订单提交并支付成功后，买卖合同成立。</p>
<h3>三、配送与售后</h3>
<p>商品将配送至您指定的收货地址。支持七天无理由退货的商品，在签收后7日内可申请退货，退回商品应保持完好。</p>
<h3>四、用户行为规范</h3>
<p>您不得利用本平台从事违法活动，不得发布虚假评价，不得恶意下单或干扰平台正常运营。</p>
<h3>五、协议的变更与终止</h3>
<p>本平台有权根据法律法规变化和运营需要修改本协议，修改后的协议将在平台公告。若您不同意修改内容，可停止使用本平台服务。</p>
<h3>六、争议解决</h3>
<p>本协议适用中华人民共和国法律。因本协议产生的争议，双方应友好协商解决；协商不成的，可向平台运营方所在地人民法院提起诉讼。</p>
${SCRIPT}`,
  `<h2>Bluebay Mall Service Terms</h2>
<p>Welcome to Bluebay Mall (the "Platform"). Please read these terms carefully before registering or using the Platform. By agreeing or by using the Platform you accept these terms.</p>
<h3>1. Your account</h3>
<p>Give true and accurate registration details and keep your account and password safe. You are responsible for losses caused by careless safekeeping. Accounts are personal and may not be transferred or lent.</p>
<h3>2. Products and orders</h3>
<p>Products are sold by the Platform itself or by merchants on it. Prices and stock may change at any time; the details shown when you submit an order apply. A sales contract is formed once the order has been submitted and paid.</p>
<h3>3. Delivery and after-sales</h3>
<p>Goods are delivered to the address you choose. Items marked with 7-day no-reason returns can be returned within 7 days of delivery in resalable condition.</p>
<h3>4. Acceptable use</h3>
<p>You must not use the Platform for unlawful purposes, post fake reviews, place malicious orders or disrupt the Platform's operation.</p>
<h3>5. Changes and termination</h3>
<p>We may change these terms when the law or our services change and will announce the changes on the Platform. If you do not agree, you may stop using the Platform.</p>
<h3>6. Disputes</h3>
<p>These terms are governed by the laws of the People's Republic of China. Disputes should first be settled amicably; failing that, they may be brought before the court where the Platform operator is located.</p>
${SCRIPT}`,
];

const PRIVACY_POLICY: Pair = [
  `<h2>蓝湾商城隐私政策</h2>
<p>我们深知个人信息对您的重要性，并会尽全力保护您的个人信息安全。本政策说明我们如何收集、使用、存储和保护您的个人信息。</p>
<h3>一、我们收集的信息</h3>
<p>为完成注册、下单、支付、配送和售后，我们会收集您的手机号码、收货地址、订单信息和必要的设备信息。</p>
<h3>二、信息的使用</h3>
<p>我们仅在实现上述功能所必需的范围内使用您的信息，例如向商家和物流公司提供收货信息以完成配送。</p>
<h3>三、信息的存储与保护</h3>
<p>您的密码以不可逆的方式加密存储。我们采取访问控制、传输加密等安全措施，防止信息泄露、损毁或丢失。</p>
<h3>四、您的权利</h3>
<p>您可以在个人中心查询、更正您的个人信息，也可以申请注销账户。注销后我们将删除或匿名化处理您的个人信息。</p>
<h3>五、联系我们</h3>
<p>如对本政策有任何疑问，请发送邮件至 privacy@bluebay.example.com。</p>
${SCRIPT}`,
  `<h2>Bluebay Mall Privacy Policy</h2>
<p>We know how much your personal information matters and we do our best to keep it safe. This policy explains how we collect, use, store and protect it.</p>
<h3>1. What we collect</h3>
<p>To register you, process orders and payments, deliver goods and provide after-sales service we collect your mobile number, delivery addresses, order details and necessary device information.</p>
<h3>2. How we use it</h3>
<p>We use your information only as far as these functions require — for example, we share your delivery address with the merchant and the carrier.</p>
<h3>3. Storage and protection</h3>
<p>Passwords are stored with a one-way hash. Access control and encrypted transport protect your data against leaks, damage and loss.</p>
<h3>4. Your rights</h3>
<p>You can view and correct your information in the user centre and may ask us to close your account, after which we delete or anonymise your personal information.</p>
<h3>5. Contact</h3>
<p>Questions about this policy? Write to privacy@bluebay.example.com.</p>
${SCRIPT}`,
];
