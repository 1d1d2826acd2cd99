/** The demo buyer, ten reviewer accounts and product reviews. */
import { and, eq } from "drizzle-orm";
import { hashPassword } from "../domain/kernel/password.ts";
import { memberLevels, prodComments, signIns, userLedger, users } from "../db/schema/index.ts";
import { shanghaiDay } from "../domain/footprint/footprint.ts";
import { rewardFor } from "../domain/points/sign-in.ts";
import { insertChunks, type SeedContext } from "./context.ts";
import { avatarSvg } from "./images.ts";
import { fixedUuid } from "./random.ts";
import type { ProductPlan } from "./products.ts";
import type { ShopNode } from "./shops.ts";

/** The demo buyer account (documented in the README / report). */
export const DEMO_USER = {
  userId: fixedUuid(1),
  username: "demo",
  password: "Demo1234",
  nickName: "演示买家",
  userMobile: "13800138000",
  /** The demo buyer's points once the whole seed has run (README "Demo account"). */
  score: 2000,
} as const;

/** Reviewers can log in too (e.g. as a second buyer in tests): reviewer01..reviewer10 / Review1234. */
export const REVIEWER_PASSWORD = "Review1234";

const REVIEWERS: [nick: string, sex: "M" | "F", initial: string][] = [
  ["小鹿同学", "F", "鹿"],
  ["Tom_Lee", "M", "T"],
  ["快乐的橙子", "F", "橙"],
  ["阿杰", "M", "杰"],
  ["Emily W.", "F", "E"],
  ["数码控老张", "M", "张"],
  ["奶茶不加糖", "F", "茶"],
  ["James Chen", "M", "J"],
  ["山间清风", "M", "风"],
  ["Lily", "F", "L"],
];

export interface UserSet {
  reviewerIds: string[];
  nickById: Map<string, string>;
}

export async function seedUsers(ctx: SeedContext): Promise<UserSet> {
  const [demoHash, reviewerHash] = await Promise.all([
    hashPassword(DEMO_USER.password),
    hashPassword(REVIEWER_PASSWORD),
  ]);
  const rows: (typeof users.$inferInsert)[] = [
    {
      userId: DEMO_USER.userId,
      username: DEMO_USER.username,
      nickName: DEMO_USER.nickName,
      pic: ctx.images.add("avatar/u01.svg", avatarSvg(210, "演")),
      sex: "M",
      userMobile: DEMO_USER.userMobile,
      passwordHash: demoHash,
      status: 1,
      score: DEMO_USER.score,
      balance: "5000.00",
      level: 1,
      levelType: 0,
      growth: 120,
      createdAt: ctx.clock.ago(180),
      updatedAt: ctx.clock.ago(1),
    },
  ];
  const reviewerIds: string[] = [];
  const nickById = new Map<string, string>([[DEMO_USER.userId, DEMO_USER.nickName]]);
  REVIEWERS.forEach(([nick, sex, initial], i) => {
    const userId = fixedUuid(0x100 + i + 1);
    reviewerIds.push(userId);
    nickById.set(userId, nick);
    rows.push({
      userId,
      username: `reviewer${String(i + 1).padStart(2, "0")}`,
      nickName: nick,
      pic: ctx.images.add(`avatar/r${String(i + 1).padStart(2, "0")}.svg`, avatarSvg((i * 37) % 360, initial)),
      sex,
      userMobile: `1390000${String(i + 1).padStart(4, "0")}`,
      passwordHash: reviewerHash,
      status: 1,
      score: ctx.rng.int(0, 3000),
      balance: "0.00",
      level: ctx.rng.int(1, 5),
      levelType: 0,
      growth: ctx.rng.int(0, 5000),
      createdAt: ctx.clock.ago(300 - i * 7),
      updatedAt: ctx.clock.ago(2),
    });
  });
  await insertChunks(ctx.tx, users, rows);
  await seedLedgers(ctx, rows);
  await seedMemberLevels(ctx);
  return { reviewerIds, nickById };
}

const GOOD = {
  zh: [
    "质量很好，和描述的一样，物流也很快！",
    "用了一周再来评价，非常满意，推荐购买。",
    "包装很用心，做工精细，性价比很高。",
    "第二次回购了，一如既往的好。",
    "颜色很正，手感很好，家人也很喜欢。",
    "客服回复及时，发货速度快，好评！",
  ],
  "zh-tw": [
    "東西很讚，跟描述的一樣，出貨也很快！",
    "用了一個禮拜才來評價，非常滿意，推薦購買。",
    "包裝很用心，做工細緻，CP值很高。",
    "第二次回購了，品質一樣穩定。",
    "顏色很正，手感很好，家人也很喜歡。",
  ],
  en: [
    "Great quality, exactly as described, and fast delivery!",
    "Used it for a week — very happy, would recommend.",
    "Nicely packed and well made. Great value.",
    "My second purchase, as good as the first.",
    "Lovely colour and feels great. The family loves it.",
  ],
};
const MEDIUM = {
  zh: ["整体还可以，就是物流慢了点。", "东西一般，对得起这个价格。", "有点小瑕疵，不影响使用。"],
  "zh-tw": ["整體還可以，就是物流慢了一點。", "東西普通，以這個價格來說還行。", "有一點小瑕疵，不影響使用。"],
  en: [
    "It's okay overall, shipping was a bit slow.",
    "Average, but fair for the price.",
    "A small flaw, but it works fine.",
  ],
};
const BAD = {
  zh: ["和图片差别有点大，不太满意。", "用了两天就出问题了，希望商家处理。"],
  "zh-tw": ["跟圖片差有點多，不太滿意。", "用了兩天就出問題，希望賣家處理。"],
  en: [
    "Looks quite different from the pictures. Not happy.",
    "Stopped working after two days — waiting for the seller to fix it.",
  ],
};
const REPLIES = {
  zh: [
    "感谢您的支持，期待再次光临！",
    "亲，给您带来不便非常抱歉，客服会尽快联系您处理。",
    "感谢您的反馈，我们会继续努力！",
  ],
  "zh-tw": [
    "感謝您的支持，期待再次光臨！",
    "很抱歉造成您的不便，客服會盡快與您聯絡處理。",
    "感謝您的回饋，我們會繼續努力！",
  ],
  en: [
    "Thank you for your support — see you again soon!",
    "We're sorry for the trouble; our service team will contact you shortly.",
    "Thanks for the feedback, we'll keep improving!",
  ],
};

/**
 * The languages reviewers write in, in turn: a product's reviews rotate through them from a
 * random first one, so any product with three reviews or more has one in each language on its
 * first page (docs/decisions.md: reviews are shown as written, all of them, newest first).
 */
const REVIEW_LANGS = ["zh", "zh-tw", "en"] as const;

/** The language of a product's k-th review, from one draw in [0, 1) for its first one. */
export function reviewLang(k: number, first: number): (typeof REVIEW_LANGS)[number] {
  return REVIEW_LANGS[(Math.floor(first * REVIEW_LANGS.length) + k) % REVIEW_LANGS.length]!;
}

/** ~60 on-sale products get 1-8 reviews each, in the three languages; products.commentNum is set to match. */
export function planReviews(
  ctx: SeedContext,
  all: ProductPlan[],
  shopNodes: ShopNode[],
  usersSet: UserSet,
): (typeof prodComments.$inferInsert)[] {
  const { rng, clock } = ctx;
  const openShopIds = new Set(shopNodes.filter((s) => s.def.status === 1).map((s) => s.id));
  const reviewable = all.filter((p) => p.status === 1 && openShopIds.has(p.shopId));
  const chosen = rng.sample(reviewable, 60);
  const rows: (typeof prodComments.$inferInsert)[] = [];
  let id = 1;
  for (const p of chosen) {
    const n = rng.int(1, 8);
    const authors = rng.sample(usersSet.reviewerIds, n);
    let first = 0;
    for (const [k, userId] of authors.entries()) {
      const score = rng.weighted([5, 4, 3, 2, 1], (s) => ({ 5: 10, 4: 5, 3: 2, 2: 1, 1: 1 })[s]!);
      const evaluate = score >= 4 ? 0 : score === 3 ? 1 : 2;
      // One draw a review, as before, so the rest of the demo stays as it was.
      const draw = rng.next();
      if (k === 0) first = draw;
      const lang = reviewLang(k, first);
      const pool = (evaluate === 0 ? GOOD : evaluate === 1 ? MEDIUM : BAD)[lang];
      const sku = rng.pick(p.skus);
      const ageDays = Math.max(0.1, (clock.now.getTime() - p.putawayTime.getTime()) / 86_400_000);
      const recTime = clock.between(rng, 0.05, Math.max(0.1, ageDays - 0.05));
      const withPics = rng.chance(0.3);
      const withReply = rng.chance(0.35) || evaluate === 2;
      rows.push({
        prodCommId: id++,
        prodId: p.prodId,
        userId,
        orderItemId: null,
        skuId: sku.skuId,
        skuName: sku.skuName,
        score,
        evaluate,
        content: rng.pick(pool),
        pics: withPics ? rng.sample(p.imgs, rng.int(1, Math.min(3, p.imgs.length))).join(",") : "",
        isAnonymous: rng.chance(0.2) ? 1 : 0,
        status: 1,
        replyContent: withReply ? REPLIES[lang][evaluate === 2 ? 1 : rng.chance(0.5) ? 0 : 2]! : null,
        replyTime: withReply
          ? new Date(Math.min(recTime.getTime() + rng.int(60, 4 * 1440) * 60_000, clock.now.getTime()))
          : null,
        recTime,
      });
    }
    p.commentNum = authors.length;
  }
  return rows;
}

export async function insertReviews(ctx: SeedContext, rows: (typeof prodComments.$inferInsert)[]): Promise<void> {
  await insertChunks(ctx.tx, prodComments, rows);
}

/**
 * Points and balance history: every seeded total equals the sum of its ledger (docs/points.md).
 * The demo buyer gets a varied log (registration, shopping rewards, top-ups and their bonus,
 * points spent, sign-ins on the three days before seeding, a platform adjustment that makes the
 * total); the reviewers one adjustment row each.
 */
async function seedLedgers(ctx: SeedContext, rows: (typeof users.$inferInsert)[]): Promise<void> {
  const { clock } = ctx;
  const ledger: (typeof userLedger.$inferInsert)[] = [];
  const demo = DEMO_USER.userId;
  const points = (amount: number, reason: string, at: Date) =>
    ledger.push({ userId: demo, kind: "score", amount: String(amount), reason, createdAt: at });
  const money = (amount: string, reason: string, at: Date) =>
    ledger.push({ userId: demo, kind: "balance", amount, reason, createdAt: at });
  // Each at a time of day of its own (minutes before the seeding moment's time), as a person's
  // history reads; a top-up and its bonus share one moment.
  points(100, "register", clock.ago(180, 517));
  money("3000.00", "recharge", clock.ago(170, 193));
  points(3000, "rechargeBonus", clock.ago(170, 193));
  points(356, "orderEarnScore", clock.ago(120, 742));
  points(812, "orderEarnScore", clock.ago(75, 318));
  money("2500.00", "recharge", clock.ago(60, 611));
  points(2500, "rechargeBonus", clock.ago(60, 611));
  points(-5000, "orderUseScore", clock.ago(50, 86));
  money("-620.50", "orderPay", clock.ago(45, 429));
  money("120.50", "refund", clock.ago(40, 1004));
  points(449, "orderEarnScore", clock.ago(20, 257));
  points(-300, "orderUseScore", clock.ago(10, 903));
  points(300, "orderCancelRefund", clock.ago(9, 368));
  // Signed the three Shanghai days before the seeding moment (after 16:00 UTC Shanghai is already a
  // day ahead of UTC), so the streak always ends yesterday and today continues it.
  const seededAt = clock.now.getTime();
  const streak = [3, 2, 1].map((daysAgo, i) => {
    const at = new Date(seededAt - daysAgo * 86_400_000);
    return { day: shanghaiDay(at), streak: i + 1, points: rewardFor(i + 1), at };
  });
  for (const s of streak) points(s.points, "signIn", s.at);
  const demoRow = rows.find((r) => r.userId === demo)!;
  const sumPoints = ledger.filter((l) => l.kind === "score").reduce((n, l) => n + Number(l.amount), 0);
  if (demoRow.score! !== sumPoints) points(demoRow.score! - sumPoints, "adjust", clock.ago(5));
  for (const r of rows) {
    if (r.userId !== demo && (r.score ?? 0) > 0)
      ledger.push({
        userId: r.userId,
        kind: "score",
        amount: String(r.score),
        reason: "adjust",
        createdAt: r.createdAt!,
      });
  }
  await insertChunks(ctx.tx, userLedger, ledger);
  await ctx.tx
    .insert(signIns)
    .values(streak.map((s) => ({ userId: demo, day: s.day, streak: s.streak, points: s.points, createdAt: s.at })));
}

/**
 * Brings the demo buyer's points back to DEMO_USER.score after the later seeds' own activity (the
 * completed demo order of after-sales.ts earns its points through the real lifecycle): the
 * platform adjustment of the ledger absorbs the difference, so total and ledger still agree.
 */
export async function settleDemoPoints(ctx: SeedContext): Promise<void> {
  const demo = DEMO_USER.userId;
  const [row] = await ctx.tx.select({ score: users.score }).from(users).where(eq(users.userId, demo));
  const diff = DEMO_USER.score - (row?.score ?? DEMO_USER.score);
  if (diff === 0) return;
  await ctx.tx.update(users).set({ score: DEMO_USER.score }).where(eq(users.userId, demo));
  const adjustRow = and(eq(userLedger.userId, demo), eq(userLedger.kind, "score"), eq(userLedger.reason, "adjust"));
  const [adjust] = await ctx.tx
    .select({ id: userLedger.id, amount: userLedger.amount })
    .from(userLedger)
    .where(adjustRow);
  if (adjust)
    await ctx.tx
      .update(userLedger)
      .set({ amount: String(Number(adjust.amount) + diff) })
      .where(eq(userLedger.id, adjust.id));
  else
    await ctx.tx
      .insert(userLedger)
      .values({ userId: demo, kind: "score", amount: String(diff), reason: "adjust", createdAt: ctx.clock.ago(5) });
}

/** Member levels (docs/points.md "Membership"): five ordinary levels by growth (points ×1 to ×2) and two paid plans. */
async function seedMemberLevels(ctx: SeedContext): Promise<void> {
  // Each ordinary level earns more points per order than the one below it.
  const ordinary: [number, string, string, string, number, string][] = [
    [1, "普通会员", "普通會員", "Member", 0, "1"],
    [2, "铜牌会员", "銅牌會員", "Bronze", 500, "1.2"],
    [3, "银牌会员", "銀牌會員", "Silver", 2000, "1.5"],
    [4, "金牌会员", "金牌會員", "Gold", 5000, "1.8"],
    [5, "钻石会员", "鑽石會員", "Diamond", 10000, "2"],
  ];
  await ctx.tx.insert(memberLevels).values([
    ...ordinary.map(([level, zh, tw, en, needGrowth, pointsMultiple]) => ({
      level,
      levelType: 0,
      name: { zh, "zh-tw": tw, en },
      needGrowth,
      pointsMultiple,
    })),
    {
      level: 1,
      levelType: 1,
      name: { zh: "PLUS 年卡会员", "zh-tw": "PLUS 年卡會員", en: "PLUS annual" },
      price: "99.00",
      termDays: 365,
      discount: "0.95",
      pointsMultiple: "2",
      freeShipping: 1,
    },
    {
      level: 2,
      levelType: 1,
      name: { zh: "PLUS 月卡会员", "zh-tw": "PLUS 月卡會員", en: "PLUS monthly" },
      price: "15.00",
      termDays: 30,
      discount: "0.95",
      pointsMultiple: "2",
      freeShipping: 1,
    },
  ]);
}
