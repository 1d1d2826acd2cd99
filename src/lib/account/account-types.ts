/**
 * Account shapes (CONTRACT §2, §7.1): the register call's body, the token answer of the login and
 * register calls, the user info and the user centre's summary. Answered by src/server/domain/account/, read by the
 * accounts islands, the user centre and the header script.
 */
import type { OrderCountData } from "../order/order-state.ts";

/**
 * Why an SMS code is sent: login, register, reset (forgotten password), password (set or change in
 * the user centre, to the logged-in user's own mobile). The one list: the server's provider and
 * code store, and the browser's account calls (src/client/data/account.ts) take it from here.
 */
export const SMS_PURPOSES = ["login", "register", "reset", "password"] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

/** POST /user/register: what the register form sends. */
export interface RegisterBody {
  userName: string;
  password: string;
  confirmPassword: string;
  mobile: string;
  validCode: string;
  agreed: boolean;
}

export interface TokenInfo {
  accessToken: string;
  /** Seconds until the token expires (2,592,000 = 30 days). */
  expiresIn: number;
}

export interface UserInfo {
  userId: string;
  nickName: string;
  username: string;
  pic: string | null;
  sex: "M" | "F";
  /** Masked, e.g. 138****8000. */
  userMobile: string | null;
  /** Masked as well (the original sends both). */
  mobile: string | null;
  status: number;
  level: number;
  levelType: number;
  score: number;
  /** Two decimals, e.g. "5000.00". */
  balance: string;
}

export interface CenterInfo {
  orderCountData: OrderCountData;
  /** The store application: null never applied, 0 under review, 1 approved, -1 rejected. */
  shopAuditStatus: number | null;
  /** Status of the shop this user owns, -1 when none (SPEC §4). */
  shopStatus: number;
  shopId: number | null;
  isSetPassword: boolean;
  /** Points, balance, coupons held and usable now, and the current level (CONTRACT §7.1 B2B2C extras). */
  score: number;
  totalBalance: string;
  couponNum: number;
  levelName: string;
  levelType: number;
}
