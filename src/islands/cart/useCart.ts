/**
 * The state and the calls of /cart (Cart.tsx renders them). Every change runs one at a time and
 * is followed by a reload of the cart, also after a refusal: the server is the truth.
 * - Select line / shop / all → POST /p/shopCart/checkItems (shown at once, then reloaded).
 * - Quantity → POST /p/shopCart/changeItem with the delta; the server's refusals ("insufficient
 *   inventory", "enter correct quantity") are toasted by the API client.
 * - Delete one line / the selected lines after a confirm (none selected → "check the items to
 *   delete") → DELETE /p/shopCart/deleteItem.
 * - Totals from POST /p/shopCart/totalPay over the checked lines after every change; its refusal
 *   (more than 50 items) is shown under the total.
 * - Settle: none selected → "select at least one item"; else totalPay (the server refuses more
 *   than 50 items with its own message) and on to /submit-order?basketIds=….
 * - The header badge ($cartCount) follows every change at once.
 */
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "../../client/api.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import type { CartTotal, ShopCartDto, ShopCartItemDto } from "../../lib/cart/cart-types.ts";
import { $cartCount } from "../../stores/index.ts";
import { toastError } from "../common/feedback.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { isUnauthorized, useSession } from "../common/session.ts";
import { useAction } from "../common/useAction.ts";
import { cartView, checkBody, checkedIds, settleQuery, withChecked } from "./cart-view.ts";
import {
  changeCartItem,
  checkCartItems,
  deleteCartItems,
  getCart,
  getCartCount,
  getCartTotal,
} from "../../client/data/cart.ts";

function setBadge(n: unknown): void {
  const v = Number(n);
  $cartCount.set(Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
}

export function useCart(submitOrderHref: string) {
  const { t } = useTranslation();
  const session = useSession();
  const { markGuest } = session;
  const [cart, setCart] = useState<ShopCartDto[] | null>(null);
  const [total, setTotal] = useState<CartTotal | null>(null);
  /** The totalPay refusal (more than 50 items), shown under the total. */
  const [totalNote, setTotalNote] = useState("");
  const [loadFailed, setLoadFailed] = useState(false);
  /** The lines a confirm dialog asks to delete. */
  const [pending, setPending] = useState<{ text: string; ids: number[] } | null>(null);
  const change = useAction({ onGuest: markGuest, fallback: t("cart.page.actionFailed"), exclusive: true });
  const changeRun = change.run;
  const firstLoad = useAction({ onGuest: markGuest, onFailed: () => setLoadFailed(true) }).run;
  /** The reload after a change: a failure leaves the cart as it is. */
  const quiet = useAction({ onGuest: markGuest }).run;

  const loadTotals = useCallback(
    async (data: ShopCartDto[]) => {
      const ids = checkedIds(cartView(data).valid);
      if (ids.length === 0) {
        setTotal({ totalMoney: "0.00", finalMoney: "0.00", subtractMoney: "0.00", count: 0 });
        setTotalNote("");
        return;
      }
      try {
        setTotal(await getCartTotal(ids, { silent: true }));
        setTotalNote("");
      } catch (e) {
        if (isUnauthorized(e)) throw e;
        setTotal(null);
        setTotalNote(isApiError(e) && e.code === ResponseCode.SHOW_FAIL && e.msg ? e.msg : t("cart.page.totalFailed"));
      }
    },
    [t],
  );

  const reload = useCallback(async () => {
    const data = await getCart();
    setCart(data);
    setLoadFailed(false);
    await loadTotals(data);
  }, [loadTotals]);

  useEffect(() => {
    if (session.state !== "ready") return;
    void firstLoad(reload);
  }, [session.state, reload, firstLoad]);

  /** Runs one change at a time, then reloads the cart (also after a refusal). */
  const act = useCallback(
    (run: () => Promise<void>) => changeRun(run, { afterwards: () => quiet(reload) }),
    [changeRun, quiet, reload],
  );

  const setChecked = (lines: readonly ShopCartItemDto[], checked: boolean) => {
    if (change.running()) return Promise.resolve();
    const body = checkBody(lines, checked);
    // Shown at once; the reload after the request brings the server's state.
    setCart((c) => (c ? withChecked(c, body) : c));
    return act(async () => {
      if (body.length > 0) await checkCartItems(body);
    });
  };

  const changeCount = (line: ShopCartItemDto, next: number) =>
    act(async () => {
      const delta = next - line.prodCount;
      if (delta === 0) return;
      setBadge(
        await changeCartItem({
          basketId: line.basketId,
          prodId: line.prodId,
          skuId: line.skuId,
          shopId: line.shopId,
          count: delta,
        }),
      );
    });

  const remove = (ids: number[]) =>
    act(async () => {
      await deleteCartItems(ids);
      setBadge(await getCartCount());
    });

  function askDelete(ids: number[], text: string) {
    if (ids.length === 0) {
      toastError(t("cart.checkDelete"));
      return;
    }
    setPending({ text, ids });
  }

  async function settle(ids: number[]) {
    if (ids.length === 0) {
      toastError(t("cart.selectOne"));
      return;
    }
    // The server refuses more than 50 items with its own message (toasted by the API client).
    await changeRun(
      async () => {
        await getCartTotal(ids);
        location.assign(`${submitOrderHref}?${settleQuery(ids)}`);
      },
      { keepBusy: true },
    );
  }

  return {
    state: session.state,
    cart,
    view: cartView(cart),
    total,
    totalNote,
    loadFailed,
    busy: change.busy,
    pending,
    setChecked,
    changeCount,
    askDelete,
    /** The confirm dialog: delete what it asked about, or not. */
    confirmDelete: () => {
      const ids = pending?.ids ?? [];
      setPending(null);
      void remove(ids);
    },
    cancelDelete: () => setPending(null),
    settle,
    retry: () => void act(async () => {}),
  };
}
