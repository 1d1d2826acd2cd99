/**
 * Claim buttons of coupon cards (src/components/coupon/CouponCard.astro), on the coupon centre,
 * the product page and shop pages. Tiny and without React:
 *   - logged in: GET /p/myCoupon/listCouponIds marks the coupons already claimed ("claimed",
 *     "use now"; the claim button stays while the per-user limit allows more);
 *   - claim: no token → login popup (login page when no popup shows); else
 *     POST /p/myCoupon/receive → "claimed" + "use now", or the server's message (sold out,
 *     limit reached…) in the buyer's language; sold out / limit reached also update the card.
 * Texts come from the [data-coupon-texts] element the page renders.
 */
import type { ApiError } from "../client/api.ts";
import { showToast } from "../client/toast.ts";
import { getToken } from "../client/token.ts";
import { openLoginPopup } from "../stores/index.ts";

const LOGIN_POPUP_WAIT_MS = 300;
const loadCoupons = () => import("../client/data/coupon.ts");

function texts(): Record<string, string> {
  const el = document.querySelector<HTMLElement>("[data-coupon-texts]");
  return { ...(el?.dataset ?? {}) } as Record<string, string>;
}

function markClaimed(card: HTMLElement, more: boolean): void {
  card.querySelector<HTMLElement>("[data-coupon-claimed]")?.removeAttribute("hidden");
  card.querySelector<HTMLElement>("[data-coupon-use]")?.removeAttribute("hidden");
  const btn = card.querySelector<HTMLButtonElement>("[data-coupon-claim]");
  if (btn && !more) btn.hidden = true;
  card.classList.add("is-claimed");
}

function markSoldOut(card: HTMLElement, label: string): void {
  const btn = card.querySelector<HTMLButtonElement>("[data-coupon-claim]");
  if (btn) {
    btn.hidden = true;
    const s = document.createElement("span");
    s.className = "coupon-state";
    s.textContent = label;
    btn.after(s);
  }
  card.classList.add("is-sold-out");
}

function requireLogin(): void {
  openLoginPopup();
  window.setTimeout(() => {
    if (!document.querySelector("[data-login-popup]")) {
      const base = document.querySelector<HTMLElement>("[data-coupon-texts]")?.dataset.loginHref || "/login";
      location.assign(`${base}?redirect=${encodeURIComponent(location.pathname + location.search)}`);
    }
  }, LOGIN_POPUP_WAIT_MS);
}

async function claim(card: HTMLElement, btn: HTMLButtonElement): Promise<void> {
  const msg = texts();
  if (!getToken()) {
    requireLogin();
    return;
  }
  const id = Number(btn.dataset.couponClaim);
  const limit = Number(card.dataset.limit || "1");
  btn.disabled = true;
  try {
    const { claimCoupon } = await loadCoupons();
    await claimCoupon(id);
    const claimed = Number(card.dataset.claimedCount || "0") + 1;
    card.dataset.claimedCount = String(claimed);
    markClaimed(card, claimed < limit);
    void showToast(msg.claimedToast || "OK", { type: "success" });
  } catch (e) {
    const err = e as Partial<ApiError> | null;
    if (err?.code === "A00004") {
      requireLogin();
      return;
    }
    const text = err?.msg || msg.failed || "Error";
    void showToast(text, { type: "error" });
    if (text === msg.soldOut) markSoldOut(card, msg.soldOutLabel || text);
    if (msg.limitReached && text === msg.limitReached.replace("{{n}}", card.dataset.limit || "1"))
      markClaimed(card, false);
  } finally {
    btn.disabled = false;
  }
}

async function markHeld(cards: HTMLElement[]): Promise<void> {
  if (!getToken() || cards.length === 0) return;
  try {
    const { listHeldCouponIds } = await loadCoupons();
    const ids = new Set(await listHeldCouponIds());
    for (const card of cards) {
      if (!ids.has(Number(card.dataset.couponId))) continue;
      card.dataset.claimedCount = "1";
      markClaimed(card, Number(card.dataset.limit || "1") > 1);
    }
  } catch {
    /* the cards stay claimable; a claim answers with the real state */
  }
}

function init(): void {
  const cards = [...document.querySelectorAll<HTMLElement>("[data-coupon-id]")];
  for (const card of cards) {
    const btn = card.querySelector<HTMLButtonElement>("[data-coupon-claim]");
    btn?.addEventListener("click", () => void claim(card, btn));
  }
  void markHeld(cards);
}

init();
