/**
 * Shared browser state (ARCHITECTURE.md): one store per concern; islands (React, via
 * @nanostores/react) and small Astro scripts read and write these, never private copies.
 */
import { atom, map } from "nanostores";
import type { Locale } from "../lib/locale.ts";

/** The page locale (set from <html data-locale> on load). */
export const $locale = atom<Locale>("zh");

/** Number of items in the cart (header badge). */
export const $cartCount = atom<number>(0);

export interface UserState {
  userId: string;
  nickName: string;
  userAvatar: string | null;
  userMobile: string | null;
  username: string;
}
/** The logged-in user, or null for a visitor. */
export const $user = atom<UserState | null>(null);

/** Chat connection flag and the latest message (SPEC §3 shared state). */
export const $chat = map<{ connected: boolean; message: unknown }>({ connected: false, message: null });

/** The buyer's unread chat messages (top bar badge; docs/chat.md). */
export const $chatUnread = atom<number>(0);

/** Whether the login popup is open; the accounts feature renders the popup when true. */
export const $loginPopupOpen = atom<boolean>(false);

export function openLoginPopup(): void {
  $loginPopupOpen.set(true);
}
export function closeLoginPopup(): void {
  $loginPopupOpen.set(false);
}
