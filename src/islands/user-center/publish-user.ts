/** The user centre's account pages tell the header who is logged in (the shared $user store). */
import type { UserInfo } from "../../lib/account/account-types.ts";
import { $user, type UserState } from "../../stores/index.ts";

/** Puts the user payload into the shared $user store (the header reads it). */
export function publishUser(info: UserInfo): void {
  const next: UserState = {
    userId: info.userId,
    nickName: info.nickName || info.username,
    userAvatar: info.pic ?? null,
    userMobile: info.userMobile ?? null,
    username: info.username,
  };
  const cur = $user.get();
  if (
    cur &&
    cur.userId === next.userId &&
    cur.nickName === next.nickName &&
    cur.userAvatar === next.userAvatar &&
    cur.userMobile === next.userMobile &&
    cur.username === next.username
  )
    return;
  $user.set(next);
}
