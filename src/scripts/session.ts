/**
 * Login state on page load (SPEC §4: decided by the token cookie). With a token:
 *   - GET /p/user/userInfo (dontShowLogin, silent) → $user (the top bar shows the nickname menu);
 *     on A00004 the API client has already removed the token;
 *   - GET /p/shopCart/prodCount (silent) → $cartCount; any failure counts as 0;
 *   - GET /p/chat/unread (silent) → $chatUnread (the top bar's chat badge); failure counts as 0.
 * Visitors load nothing more (the data modules and the API client are imported only when a token exists).
 */
import { $cartCount, $chatUnread, $user, type UserState } from "../stores/index.ts";
import { getToken } from "../client/token.ts";

interface UserInfoAnswer {
  userId?: string | number;
  nickName?: string | null;
  userAvatar?: string | null;
  pic?: string | null;
  userMobile?: string | null;
  username?: string | null;
  userName?: string | null;
}

export function toUserState(info: UserInfoAnswer | null | undefined): UserState | null {
  if (!info || typeof info !== "object") return null;
  const username = info.username ?? info.userName ?? "";
  return {
    userId: info.userId === undefined || info.userId === null ? "" : String(info.userId),
    nickName: info.nickName || username,
    userAvatar: info.userAvatar ?? info.pic ?? null,
    userMobile: info.userMobile ?? null,
    username,
  };
}

async function loadSession(): Promise<void> {
  const [account, cart, chat] = await Promise.all([
    import("../client/data/account.ts"),
    import("../client/data/cart.ts"),
    import("../client/data/chat.ts"),
  ]);
  const quiet = { dontShowLogin: true, silent: true } as const;
  const user = account
    .getUserInfo(quiet)
    .then((info) => $user.set(toUserState(info)))
    .catch(() => undefined);
  const count = cart
    .getCartCount(quiet)
    .then((n) => {
      const v = Number(n);
      $cartCount.set(Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
    })
    .catch(() => $cartCount.set(0));
  const unread = chat
    .getUnread(quiet)
    .then((r) => {
      const v = Number(r?.unread);
      $chatUnread.set(Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
    })
    .catch(() => $chatUnread.set(0));
  await Promise.all([user, count, unread]);
}

if (getToken()) void loadSession();
