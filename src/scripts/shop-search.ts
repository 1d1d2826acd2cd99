/**
 * Shop header behaviour (src/components/renovation/ShopSigns.astro):
 *  - in-shop search: an empty or all-space keyword is not submitted; a 1 s toast says the
 *    product name cannot be empty (SPEC §5). Without JavaScript the GET form still works.
 *  - follow button: visitors get the login popup; with a token it calls
 *    POST /p/shop/collection/addOrCancel (body = the shopId; answers true when now followed)
 *    and shows the state; the initial state comes from GET /p/shop/collection/isCollection.
 *    The API client is loaded only when needed, so the page's JS stays small.
 */
import { showToast } from "../client/toast.ts";
import { getToken } from "../client/token.ts";
import { TOAST_MS, TOAST_SHORT_MS } from "../lib/toast-timing.ts";
import { openLoginPopup } from "../stores/index.ts";

document.querySelectorAll<HTMLFormElement>("[data-shop-search]").forEach((form) => {
  const input = form.querySelector<HTMLInputElement>("[data-shop-search-input]");
  if (!input) return;
  form.addEventListener("submit", (e) => {
    const keyword = input.value.trim();
    if (!keyword) {
      e.preventDefault();
      if (form.dataset.empty) showToast(form.dataset.empty, { duration: TOAST_SHORT_MS });
      input.value = "";
      input.focus();
      return;
    }
    input.value = keyword;
  });
});

function setPressed(button: HTMLButtonElement, on: boolean): void {
  button.setAttribute("aria-pressed", String(on));
  const label = button.querySelector<HTMLElement>("[data-shop-collect-label]");
  const text = on ? button.dataset.labelCollected : button.dataset.labelCollect;
  if (label && text) label.textContent = text;
}

document.querySelectorAll<HTMLButtonElement>("[data-shop-collect]").forEach((button) => {
  const shopId = Number(button.dataset.shopId);
  if (!Number.isSafeInteger(shopId) || shopId <= 0) return;

  if (getToken()) {
    void import("../client/data/collection.ts")
      .then(({ isShopFollowed }) => isShopFollowed(shopId))
      .then((on) => setPressed(button, on === true))
      .catch(() => undefined);
  }

  let busy = false;
  button.addEventListener("click", () => {
    if (!getToken()) {
      openLoginPopup();
      return;
    }
    if (busy) return;
    busy = true;
    void import("../client/data/collection.ts")
      .then(({ toggleShopFollow }) => toggleShopFollow(shopId, { silent: true }))
      .then((on) => {
        setPressed(button, on === true);
        const msg = on === true ? button.dataset.msgDone : button.dataset.msgCancelled;
        if (msg) showToast(msg, { duration: TOAST_MS, type: "success" });
      })
      .catch((e: unknown) => {
        const handled = typeof e === "object" && e !== null && (e as { handled?: boolean }).handled === true;
        // A00004 already opened the login popup (handled); anything else gets a short message.
        if (!handled && button.dataset.msgFailed)
          showToast(button.dataset.msgFailed, { duration: TOAST_MS, type: "error" });
      })
      .finally(() => {
        busy = false;
      });
  });
});
