/**
 * Top bar and search header, per-user parts (ARCHITECTURE: pages are user-independent).
 * The server renders the visitor state; this script binds to the shared stores:
 *   - $user: visitor links (login / register) ⇄ "nickname ▾" dropdown;
 *   - $cartCount: every [data-cart-count] badge (cap from data-cap, default 999 → "999+");
 *   - $chatUnread: the "customer service" link's unread badge ([data-chat-unread], hidden at 0);
 *   - language links set the `lang` cookie before navigating.
 */
import { $cartCount, $chatUnread, $locale, $user } from "../stores/index.ts";
import { formatCartCount } from "../lib/cart/cart-count.ts";
import { isLocale, LANG_COOKIE } from "../lib/locale.ts";
import { setCookie } from "../client/cookies.ts";

const ONE_YEAR_S = 365 * 24 * 60 * 60;

const pageLocale = document.documentElement.dataset.locale;
if (isLocale(pageLocale)) $locale.set(pageLocale);

// Cart badges ----------------------------------------------------------------------------------
$cartCount.subscribe((count) => {
  document.querySelectorAll<HTMLElement>("[data-cart-count]").forEach((badge) => {
    const cap = Number(badge.dataset.cap) || undefined;
    badge.textContent = formatCartCount(count, cap);
    badge.dataset.count = String(count);
  });
});

// Chat unread badge (docs/chat.md) ------------------------------------------------------------
$chatUnread.subscribe((n) => {
  document.querySelectorAll<HTMLElement>("[data-chat-unread]").forEach((badge) => {
    badge.hidden = n <= 0;
    const count = badge.querySelector<HTMLElement>("[data-chat-unread-count]");
    if (count) count.textContent = n > 99 ? "99+" : String(n);
  });
});

// User area ------------------------------------------------------------------------------------
const visitor = document.querySelector<HTMLElement>("[data-user-visitor]");
const member = document.querySelector<HTMLElement>("[data-user-member]");
const nickname = document.querySelector<HTMLElement>("[data-user-nickname]");
const menuButton = document.querySelector<HTMLButtonElement>("[data-user-menu-button]");
const menuList = document.querySelector<HTMLElement>("[data-user-menu-list]");

const wallet = document.querySelector<HTMLElement>("[data-user-wallet]");
let walletLoaded = false;

/**
 * Points, balance, level and usable coupons in the dropdown: read once, when it first opens. The
 * row is laid out from the start (its values invisible while [data-loading]): were it inserted
 * when the answer arrives, every item below it — "Log out" too — would jump down under a pointer
 * about to click it, and the click would land on "My coupons".
 */
async function loadWallet(): Promise<void> {
  if (!wallet || walletLoaded) return;
  walletLoaded = true;
  try {
    const { getCenterInfo } = await import("../client/data/account.ts");
    const info: Partial<Record<string, unknown>> = { ...(await getCenterInfo()) };
    wallet.querySelectorAll<HTMLElement>("[data-wallet]").forEach((el) => {
      const v = info[el.dataset.wallet ?? ""] as string | number | undefined;
      el.textContent = el.dataset.wallet === "totalBalance" ? `¥${String(v ?? "0.00")}` : String(v ?? "");
    });
    wallet.removeAttribute("data-loading");
  } catch {
    walletLoaded = false;
  }
}

function setMenuOpen(open: boolean): void {
  if (!menuButton || !menuList) return;
  menuButton.setAttribute("aria-expanded", String(open));
  menuList.hidden = !open;
  if (open) void loadWallet();
}

$user.subscribe((user) => {
  if (visitor) visitor.hidden = Boolean(user);
  if (member) member.hidden = !user;
  if (nickname) nickname.textContent = user ? user.nickName || user.username : "";
  if (!user) setMenuOpen(false);
  walletLoaded = false;
  wallet?.setAttribute("data-loading", "");
});

if (member && menuButton && menuList) {
  // A mouse opens the menu on hover; its click then keeps it open instead of toggling it shut
  // (the click lands right after the hover). A click without a hover (keyboard, touch) toggles.
  let openedByHover = false;
  menuButton.addEventListener("click", () => {
    const open = menuButton.getAttribute("aria-expanded") === "true";
    if (open && openedByHover) openedByHover = false;
    else setMenuOpen(!open);
  });
  member.addEventListener("mouseenter", () => {
    if (menuButton.getAttribute("aria-expanded") !== "true") {
      openedByHover = true;
      setMenuOpen(true);
    }
  });
  member.addEventListener("mouseleave", () => {
    openedByHover = false;
    setMenuOpen(false);
  });
  member.addEventListener("focusout", (e) => {
    if (!member.contains(e.relatedTarget as Node | null)) setMenuOpen(false);
  });
  member.addEventListener("keydown", (e) => {
    if (e.key === "Escape") {
      setMenuOpen(false);
      menuButton.focus();
    }
  });
  // Logging out belongs to the accounts feature: it listens for this event.
  member.querySelector("[data-user-logout]")?.addEventListener("click", () => {
    setMenuOpen(false);
    window.dispatchEvent(new CustomEvent("mall:logout"));
  });
}

// Language switch ------------------------------------------------------------------------------
document.querySelectorAll<HTMLAnchorElement>("[data-lang-link]").forEach((link) => {
  link.addEventListener("click", () => {
    const lang = link.dataset.langLink;
    if (!isLocale(lang)) return;
    setCookie(LANG_COOKIE, lang, { maxAgeSeconds: ONE_YEAR_S, sameSite: "Lax" });
  });
});
