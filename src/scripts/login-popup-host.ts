/**
 * Login popup host (every page, via BaseLayout). Vanilla and tiny: no React is loaded until the
 * popup opens for the first time.
 *   - $loginPopupOpen → on the first open, a veil carrying [data-login-popup] appears at once
 *     (so callers see a popup is coming) and src/islands/account/mount.tsx is imported and mounts the
 *     React LoginPopup into a container; the veil goes when the popup has rendered. If the chunk
 *     cannot be loaded, the browser goes to /login?redirect=<this page>.
 *   - [data-login-link] clicks open the popup instead of navigating to /login.
 *   - window "mall:logout" (the top bar's logout button) → POST /logOut with the token in
 *     Authorization (failure ignored) →
 *     logoutCleanup() (token + local storage cleared, home or reload).
 */
import { $loginPopupOpen, openLoginPopup } from "../stores/index.ts";
import { localePath } from "../lib/locale.ts";
import { pageLocale } from "../client/i18n.ts";
import { getToken, logoutCleanup } from "../client/token.ts";

let mounting: Promise<void> | null = null;

function loginPageHref(): string {
  return `${localePath(pageLocale(), "/login")}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
}

function showVeil(): HTMLElement {
  const veil = document.createElement("div");
  veil.setAttribute("data-login-popup", "loading");
  veil.setAttribute("aria-hidden", "true");
  veil.className = "login-popup-veil";
  Object.assign(veil.style, {
    position: "fixed",
    inset: "0",
    zIndex: "9000",
    background: "rgba(0,0,0,0.45)",
    cursor: "progress",
  });
  document.body.appendChild(veil);
  return veil;
}

function mountPopup(): Promise<void> {
  if (mounting) return mounting;
  const veil = showVeil();
  const container = document.createElement("div");
  container.id = "login-popup-root";
  document.body.appendChild(container);
  mounting = import("../islands/account/mount.tsx")
    .then(({ mountLoginPopup }) => mountLoginPopup(container, () => veil.remove()))
    .catch(() => {
      veil.remove();
      mounting = null;
      location.assign(loginPageHref());
    });
  return mounting;
}

$loginPopupOpen.subscribe((open) => {
  if (open) void mountPopup();
});

document.addEventListener("click", (e) => {
  if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  const link = (e.target as Element | null)?.closest?.("[data-login-link]");
  if (!link) return;
  e.preventDefault();
  openLoginPopup();
});

let loggingOut = false;
window.addEventListener("mall:logout", () => {
  if (loggingOut) return;
  loggingOut = true;
  // The token is read before the cleanup: logOut passes it so the server can revoke the session.
  const token = getToken();
  void import("../client/data/account.ts")
    .then(({ logOut }) => logOut(token))
    .catch(() => undefined)
    .finally(() => logoutCleanup());
});
