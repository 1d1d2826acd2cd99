/**
 * The buy button of /secdetail/{seckillId} (loaded on the first press): checks the login, the
 * chosen SKU and quantity, asks the buyer's order path (only given while the activity runs) and
 * goes to /secdetail/confirm-order with it. Refusals ("event not started", "ended"…) are shown
 * as the API words them.
 */
import { getFlashOrderPath } from "../client/data/flash-sale.ts";
import { getToken } from "../client/token.ts";
import { showToast } from "../client/toast.ts";
import { openLoginPopup } from "../stores/index.ts";

const LOGIN_POPUP_WAIT_MS = 300;

export async function startBuy(button: HTMLButtonElement): Promise<void> {
  const root = button.closest<HTMLElement>("[data-secdetail]");
  if (!root || button.disabled) return;
  if (!getToken()) {
    openLoginPopup();
    window.setTimeout(() => {
      if (!document.querySelector("[data-login-popup]"))
        location.assign(`${root.dataset.loginHref ?? "/login"}?redirect=${encodeURIComponent(location.pathname)}`);
    }, LOGIN_POPUP_WAIT_MS);
    return;
  }
  const sku = root.querySelector<HTMLInputElement>("input[name=seckillSkuId]:checked");
  const countEl = root.querySelector<HTMLInputElement>("input[name=count]");
  const count = Number(countEl?.value ?? "1");
  const max = Number(countEl?.max || "50");
  if (!sku) return;
  if (!Number.isInteger(count) || count < 1 || count > max) {
    showToast(root.dataset.msgBadCount ?? "", { type: "error" });
    countEl?.focus();
    return;
  }
  button.disabled = true;
  try {
    const seckillId = root.dataset.seckillId ?? "";
    const path = await getFlashOrderPath(seckillId);
    const q = new URLSearchParams({ seckillId, seckillSkuId: sku.value, count: String(count), path });
    location.assign(`${root.dataset.confirmHref}?${q.toString()}`);
  } catch (e) {
    const msg = e as { msg?: string; handled?: boolean } | null;
    if (!msg?.handled) showToast(msg?.msg || root.dataset.msgFailed || "", { type: "error" });
    button.disabled = false;
  }
}
