/**
 * Top bar and search header, per-user parts (ARCHITECTURE: pages are user-independent).
 * The server renders the visitor state; this script binds to the shared stores:
 *   - $user: visitor links (login / register) ⇄ "nickname ▾" dropdown;
 *   - $cartCount: every [data-cart-count] badge (cap from data-cap, default 999 → "999+");
 *   - language links set the `lang` cookie before navigating.
 */
import { $cartCount, $locale, $user } from "../stores/index.ts";
import { formatCartCount } from "../lib/cart-count.ts";
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

// User area ------------------------------------------------------------------------------------
const visitor = document.querySelector<HTMLElement>("[data-user-visitor]");
const member = document.querySelector<HTMLElement>("[data-user-member]");
const nickname = document.querySelector<HTMLElement>("[data-user-nickname]");
const menuButton = document.querySelector<HTMLButtonElement>("[data-user-menu-button]");
const menuList = document.querySelector<HTMLElement>("[data-user-menu-list]");

function setMenuOpen(open: boolean): void {
  if (!menuButton || !menuList) return;
  menuButton.setAttribute("aria-expanded", String(open));
  menuList.hidden = !open;
}

$user.subscribe((user) => {
  if (visitor) visitor.hidden = Boolean(user);
  if (member) member.hidden = !user;
  if (nickname) nickname.textContent = user ? user.nickName || user.username : "";
  if (!user) setMenuOpen(false);
});

if (member && menuButton && menuList) {
  menuButton.addEventListener("click", () => setMenuOpen(menuButton.getAttribute("aria-expanded") !== "true"));
  member.addEventListener("mouseenter", () => setMenuOpen(true));
  member.addEventListener("mouseleave", () => setMenuOpen(false));
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
