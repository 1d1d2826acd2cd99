/**
 * The product detail buy box (src/components/product/BuyBox.astro), a small script on nanostores:
 *   - SKU values: choosing / deselecting values updates price, original price, stock, disabled
 *     values and the gallery picture (rules in src/lib/catalog/buy-box.ts);
 *   - quantity 1..stock with − / +; a wrong entry → "enter correct quantity", too many →
 *     "insufficient inventory" (SPEC §8), both clamped;
 *   - add to cart (POST /p/shopCart/changeItem, then GET /p/shopCart/prodCount → $cartCount),
 *     buy now (→ /submit-order?prodId&skuId&count), collect (POST /p/user/collection/addOrCancel);
 *     without a token they open the login popup, falling back to /login?redirect= when nothing
 *     renders a popup ([data-login-popup]) within 300 ms;
 *   - logged-in footprint: POST /p/user/recentBrowse {prodId} (form encoded, silent).
 * Endpoints that do not exist yet answer A00013: the buyer sees "not available yet".
 * The API client is loaded on first use, and this module itself only on the first interaction
 * with the buy box (buy-box-loader.ts), so the page's initial JavaScript stays small.
 */
import { atom, computed } from "nanostores";
import {
  clampQuantity,
  initialSelection,
  resolveView,
  stepQuantity,
  toggleValue,
  type BuyBoxSku,
  type BuyBoxSpec,
  type QuantityMessage,
  type Selection,
} from "../lib/catalog/buy-box.ts";
import type { ApiError } from "../client/api.ts";
import { showToast } from "../client/toast.ts";
import { getToken } from "../client/token.ts";
import { $cartCount, openLoginPopup } from "../stores/index.ts";

interface SkuData {
  prodId: number;
  shopId: number;
  price: string;
  oriPrice: string;
  memberPrice?: string | null;
  skus: BuyBoxSku[];
  specs: BuyBoxSpec[];
  selection?: Selection;
}

/** How long to wait for a login popup to render before going to the login page. */
export const LOGIN_POPUP_WAIT_MS = 300;
const NOT_FOUND = "A00013";
const UNAUTHORIZED = "A00004";

const loadCart = () => import("../client/data/cart.ts");
const loadCollection = () => import("../client/data/collection.ts");
const loadFootprint = () => import("../client/data/footprint.ts");

function readData(): SkuData | null {
  const el = document.getElementById("sku-data");
  if (!el?.textContent) return null;
  try {
    const d = JSON.parse(el.textContent) as SkuData;
    return Array.isArray(d.skus) && Array.isArray(d.specs) ? d : null;
  } catch {
    return null;
  }
}

function setup(root: HTMLElement, data: SkuData): void {
  const msg = root.dataset;
  const toast = (text: string | undefined, type: "info" | "error" | "success" = "info") => {
    if (text) showToast(text, { type });
  };
  const qtyMessage = (m: QuantityMessage | null) => {
    if (m === "insufficientStock") toast(msg.msgInsufficientStock);
    else if (m === "enterCorrectQuantity") toast(msg.msgEnterCorrectQuantity);
  };

  const priceEl = root.querySelector<HTMLElement>("[data-sku-price]");
  const oriWrap = root.querySelector<HTMLElement>("[data-sku-ori-wrap]");
  const oriEl = root.querySelector<HTMLElement>("[data-sku-ori]");
  const memberEl = root.querySelector<HTMLElement>("[data-member-price]");
  const stockEl = root.querySelector<HTMLElement>("[data-sku-stock]");
  const soldOutEl = root.querySelector<HTMLElement>("[data-sold-out]");
  // The quantity: the page-driven Stepper (src/components/Stepper.astro).
  const stepper = root.querySelector<HTMLElement>("[data-page-stepper]");
  const qtyInput = stepper?.querySelector<HTMLInputElement>("input") ?? null;
  const minus = stepper?.querySelector<HTMLButtonElement>('[data-step="-1"]') ?? null;
  const plus = stepper?.querySelector<HTMLButtonElement>('[data-step="1"]') ?? null;
  const buyNow = root.querySelector<HTMLButtonElement>("[data-buy-now]");
  const addToCart = root.querySelector<HTMLButtonElement>("[data-add-to-cart]");
  const collect = root.querySelector<HTMLButtonElement>("[data-collect]");
  const collectLabel = root.querySelector<HTMLElement>("[data-collect-label]");
  const valueButtons = Array.from(root.querySelectorAll<HTMLButtonElement>("[data-spec-index][data-value]"));
  const gallery = document.querySelector<HTMLElement>("[data-gallery]");

  const { skus, specs } = data;
  const fallback = { price: data.price, oriPrice: data.oriPrice };
  const start =
    Array.isArray(data.selection) && data.selection.length === specs.length
      ? data.selection
      : initialSelection(skus, specs);
  const $selection = atom<Selection>(start);
  const $quantity = atom<number>(1);
  const $view = computed($selection, (sel) => resolveView(skus, specs, sel, fallback));
  const everythingSoldOut = !skus.some((s) => (s.status ?? 1) === 1 && s.stocks !== 0);

  // Selection → value buttons, price, stock, picture; the quantity follows the stock.
  let lastPic: string | null = null;
  $view.subscribe((view) => {
    const sel = $selection.get();
    for (const b of valueButtons) {
      const i = Number(b.dataset.specIndex);
      const k = specs[i]?.values.findIndex((v) => v.value === b.dataset.value) ?? -1;
      const selected = sel[i] === b.dataset.value;
      b.classList.toggle("selected", selected);
      b.setAttribute("aria-pressed", String(selected));
      b.disabled = k < 0 || Boolean(view.disabled[i]?.[k]);
    }
    if (priceEl) priceEl.textContent = view.price;
    if (oriEl) oriEl.textContent = view.oriPrice;
    if (memberEl) memberEl.textContent = view.sku?.memberPrice ?? data.memberPrice ?? "";
    if (oriWrap) oriWrap.hidden = !view.oriPrice;
    if (stockEl) {
      stockEl.dataset.stocks = String(view.stocks);
      stockEl.textContent =
        view.stocks < 0
          ? (msg.stockUnlimited ?? "")
          : (msg.stockTemplate ?? "{{count}}").replace("{{count}}", String(view.stocks));
    }
    const cannotBuy = everythingSoldOut || (view.complete && !view.canBuy);
    if (soldOutEl) soldOutEl.hidden = !cannotBuy;
    if (buyNow) buyNow.disabled = cannotBuy;
    if (addToCart) addToCart.disabled = cannotBuy;
    if (view.pic && view.pic !== lastPic && gallery) {
      gallery.dispatchEvent(new CustomEvent("gallery:show", { detail: { src: view.pic } }));
    }
    lastPic = view.pic;
    // Keep the quantity within the new stock, silently.
    const q = $quantity.get();
    if (view.stocks >= 0 && q > Math.max(1, view.stocks)) $quantity.set(Math.max(1, view.stocks));
    else renderQuantity($quantity.get());
  });

  function renderQuantity(q: number): void {
    const stocks = $view.get().stocks;
    if (qtyInput && qtyInput.value !== String(q)) qtyInput.value = String(q);
    if (qtyInput) qtyInput.max = stocks >= 0 ? String(Math.max(1, stocks)) : "";
    if (minus) minus.disabled = q <= 1;
    if (plus) plus.disabled = stocks >= 0 && q >= stocks;
  }
  $quantity.subscribe(renderQuantity);

  for (const b of valueButtons) {
    b.addEventListener("click", () => {
      const i = Number(b.dataset.specIndex);
      const value = b.dataset.value ?? "";
      $selection.set(toggleValue(skus, specs, $selection.get(), i, value));
    });
  }

  // Quantity ---------------------------------------------------------------------------------
  /** Validates the typed quantity; shows the message and writes the clamped value back. */
  function commitQuantity(): { quantity: number; ok: boolean } {
    const raw = qtyInput?.value ?? String($quantity.get());
    const res = clampQuantity(raw, $view.get().stocks);
    $quantity.set(res.quantity);
    renderQuantity(res.quantity);
    qtyMessage(res.message);
    return { quantity: res.quantity, ok: res.message === null };
  }
  qtyInput?.addEventListener("change", () => void commitQuantity());
  qtyInput?.addEventListener("keydown", (e) => {
    if (e.key === "Enter") {
      e.preventDefault();
      commitQuantity();
    }
  });
  const step = (delta: number) => {
    const res = stepQuantity($quantity.get(), delta, $view.get().stocks);
    $quantity.set(res.quantity);
    renderQuantity(res.quantity);
    qtyMessage(res.message);
  };
  minus?.addEventListener("click", () => step(-1));
  plus?.addEventListener("click", () => step(1));

  // Login ------------------------------------------------------------------------------------
  const loginHref = () => {
    const base = root.dataset.loginHref || "/login";
    return `${base}?redirect=${encodeURIComponent(location.pathname + location.search)}`;
  };
  /** Opens the login popup; goes to the login page when no popup shows up in time. */
  function requireLogin(): void {
    openLoginPopup();
    window.setTimeout(() => {
      if (!document.querySelector("[data-login-popup]")) location.assign(loginHref());
    }, LOGIN_POPUP_WAIT_MS);
  }

  /** Errors the API client has not already shown: A00013 → "not available yet", else the message. */
  function reportError(e: unknown): void {
    const err = e as Partial<ApiError> | null;
    if (err?.code === NOT_FOUND) toast(msg.msgUnavailableNow);
    else if (err?.code === UNAUTHORIZED) {
      // The client cleared the token and opened the popup; make sure the buyer can log in.
      if (err.handled)
        window.setTimeout(() => {
          if (!document.querySelector("[data-login-popup]")) location.assign(loginHref());
        }, LOGIN_POPUP_WAIT_MS);
    } else if (!err?.handled) toast(err?.msg || msg.msgFailed, "error");
  }

  /** The chosen SKU and a valid quantity, or null after telling the buyer what is wrong. */
  function purchase(): { skuId: number; count: number } | null {
    const view = $view.get();
    if (!view.sku) {
      toast(msg.msgSelectSpec);
      return null;
    }
    if (!view.canBuy) {
      toast(msg.msgInsufficientStock);
      return null;
    }
    const { quantity, ok } = commitQuantity();
    if (!ok) return null;
    return { skuId: view.sku.skuId, count: quantity };
  }

  let busy = false;
  addToCart?.addEventListener("click", async () => {
    const p = purchase();
    if (!p || busy) return;
    if (!getToken()) return requireLogin();
    busy = true;
    try {
      const { changeCartItem, getCartCount } = await loadCart();
      await changeCartItem({
        prodId: data.prodId,
        skuId: p.skuId,
        shopId: data.shopId,
        count: p.count,
      });
      toast(msg.msgAddedToCart, "success");
      try {
        const n = await getCartCount({ dontShowLogin: true, silent: true });
        if (typeof n === "number" && Number.isFinite(n)) $cartCount.set(n);
      } catch {
        // the badge refreshes on the next page
      }
    } catch (e) {
      reportError(e);
    } finally {
      busy = false;
    }
  });

  buyNow?.addEventListener("click", () => {
    const p = purchase();
    if (!p) return;
    if (!getToken()) return requireLogin();
    const q = new URLSearchParams({ prodId: String(data.prodId), skuId: String(p.skuId), count: String(p.count) });
    location.assign(`${root.dataset.buyHref || "/submit-order"}?${q}`);
  });

  // Collect ----------------------------------------------------------------------------------
  const showCollected = (on: boolean) => {
    collect?.setAttribute("aria-pressed", String(on));
    if (collectLabel) collectLabel.textContent = (on ? msg.labelCollected : msg.labelCollect) ?? "";
  };
  collect?.addEventListener("click", async () => {
    if (!getToken()) return requireLogin();
    if (busy) return;
    busy = true;
    try {
      const { toggleProductCollection } = await loadCollection();
      const now = await toggleProductCollection(data.prodId);
      const on = typeof now === "boolean" ? now : collect.getAttribute("aria-pressed") !== "true";
      showCollected(on);
      toast(on ? msg.msgCollectDone : msg.msgCollectCancelled, "success");
    } catch (e) {
      reportError(e);
    } finally {
      busy = false;
    }
  });

  // Logged in: collection state and footprint (both silent; the endpoints may not exist yet).
  if (getToken()) {
    void loadCollection()
      .then(({ isProductCollected }) => isProductCollected(data.prodId))
      .then((on) => {
        if (typeof on === "boolean") showCollected(on);
      })
      .catch(() => {});
    void loadFootprint()
      .then(({ recordVisit }) => recordVisit(data.prodId))
      .catch(() => {});
  }
}

/** Binds the buy box; a quantity typed before this ran is checked now. */
export function start(root: HTMLElement): void {
  const data = readData();
  if (!data) return;
  setup(root, data);
  const qty = root.querySelector<HTMLInputElement>("[data-page-stepper] input");
  if (qty && qty.value !== qty.defaultValue) qty.dispatchEvent(new Event("change"));
}
