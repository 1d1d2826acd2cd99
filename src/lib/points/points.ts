/**
 * Points log and sign-in shapes both sides read (CONTRACT §6.5), and the points rule of the
 * checkout (SPEC §5). Browser-safe.
 */
import { RULE_KEYS } from "../rule-keys.ts";
import { defineRule, fail } from "../rule-kit.ts";

/** Points are used in multiples of this step. */
export const POINTS_STEP = 10;

/** Points to use: a non-negative integer multiple of 10 (a digit string is accepted). */
export const pointsRule = defineRule<number>((v) => {
  const n = typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v;
  return typeof n === "number" && Number.isSafeInteger(n) && n >= 0 && n % POINTS_STEP === 0
    ? n
    : fail(RULE_KEYS.pointsStep);
});

/**
 * Points log `source` (CONTRACT §6.5): 0 registration, 1 shopping reward (in) / refund claw-back
 * (out), 2 level-up bonus, 3 sign-in, 4 refund returned (in) / spent on an order (out), 5 expired,
 * 6 top-up bonus, 7 platform adjustment, 8 points-mall exchange (out).
 */
export const PointsSource = {
  REGISTER: 0,
  SHOPPING: 1,
  LEVEL_UP: 2,
  SIGN_IN: 3,
  ORDER: 4,
  EXPIRED: 5,
  RECHARGE_BONUS: 6,
  ADJUST: 7,
  EXCHANGE: 8,
} as const;

/** A row of GET /p/score/page. */
export interface PointsLogDto {
  id: number;
  /** Unsigned number of points. */
  score: number;
  /** 0 out, 1 in. */
  ioType: 0 | 1;
  source: number;
  createTime: string;
  orderNumber: string | null;
}

/** One day of the 7-day sign-in strip. */
export interface SignInDayDto {
  /** yyyy-MM-dd (Asia/Shanghai). */
  day: string;
  /** Points this day gives (or gave). */
  points: number;
  signed: boolean;
  today: boolean;
}

/** GET /p/score/scoreInfo. */
export interface PointsInfoDto {
  score: number;
  /** Points that expire at `expireTime` unless spent first. */
  expiringPoints: number;
  expireTime: string;
  /** Consecutive days signed up to today (or yesterday when today is not signed yet). */
  signInCount: number;
  /** 1 when today is signed. */
  isSignIn: 0 | 1;
  /** Seven days starting at the current streak's cycle start. */
  days: SignInDayDto[];
  /** Reward of each day of the 7-day cycle. */
  rewards: number[];
}
