/**
 * /cart (SPEC §2, §5, §9; CONTRACT §4.1): the buyer's cart, login required.
 * - Lines grouped by shop, inside a shop by discount group (ShopCartDto → shopCartItemDiscounts →
 *   shopCartItems); invalid lines (offline / noStock) in their own greyed "invalid items" block:
 *   not selectable, deletable (cart-view.ts).
 * - Select line / shop / all → POST /p/shopCart/checkItems (persisted), then the cart is reloaded.
 * - Quantity − / input / + → POST /p/shopCart/changeItem with the delta; the server's refusals
 *   ("insufficient inventory", "enter correct quantity") are toasted by the API client; the input
 *   takes digits only and a bad value ("", 0) is refused here with the same message.
 * - Delete one line / the selected lines after a confirm dialog (none selected → "check the items
 *   to delete"). → DELETE /p/shopCart/deleteItem.
 * - Totals from POST /p/shopCart/totalPay over the checked lines after every change.
 * - Settle: none selected → "select at least one item"; totalPay refuses more than 50 items with
 *   its own message; else /submit-order?basketIds=….
 * - The header badge ($cartCount) follows every change at once.
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { del, get, isApiError, post } from "../../client/api.ts";
import { showToast } from "../../client/toast.ts";
import type { CartTotal, ShopCartDto, ShopCartItemDto } from "../../lib/cart/cart-types.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { TOAST_MS } from "../../lib/constants.ts";
import type { Locale } from "../../lib/locale.ts";
import { $cartCount, openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, type NamespaceResources } from "../common/I18nProvider.tsx";
import { isUnauthorized, Modal, reportError, useSession } from "../user-center/shared.tsx";
import { allChecked, cartView, checkBody, discountTexts, withChecked, checkedCount, checkedIds, digitsOnly, parseCount, settleQuery, type InvalidLine } from "./cart-view.ts";
import type { ChooseDiscountDto } from "../../lib/discount/discount-types.ts";

export interface CartIslandProps {
  locale: Locale;
  resources: Record<string, NamespaceResources>;
  links: {
    /** Localized home ("/", "/en/"). */
    home: string;
    /** Localized /submit-order. */
    submitOrder: string;
    /** Locale prefix for product and shop links ("", "/en"). */
    base: string;
  };
}

export default function Cart(props: CartIslandProps) {
  return (
    <I18nProvider locale={props.locale} resources={props.resources}>
      <CartBody links={props.links} />
    </I18nProvider>
  );
}

const toastError = (msg: string) => showToast(msg, { duration: TOAST_MS, type: "error" });

function setBadge(n: unknown): void {
  const v = Number(n);
  $cartCount.set(Number.isFinite(v) && v > 0 ? Math.floor(v) : 0);
}

function CartBody({ links }: { links: CartIslandProps["links"] }) {
  const { t } = useTranslation();
  const session = useSession();
  const [cart, setCart] = useState<ShopCartDto[] | null>(null);
  const [total, setTotal] = useState<CartTotal | null>(null);
  /** The totalPay refusal (more than 50 items), shown under the total. */
  const [totalNote, setTotalNote] = useState("");
  const [loadFailed, setLoadFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  const [pending, setPending] = useState<{ text: string; ids: number[] } | null>(null);
  const { markGuest } = session;

  const view = cartView(cart);
  const allLines = view.valid;

  const loadTotals = useCallback(async (data: ShopCartDto[]) => {
    const ids = checkedIds(cartView(data).valid);
    if (ids.length === 0) {
      setTotal({ totalMoney: "0.00", finalMoney: "0.00", subtractMoney: "0.00", count: 0 });
      setTotalNote("");
      return;
    }
    try {
      setTotal(await post<CartTotal>("/p/shopCart/totalPay", ids, { silent: true }));
      setTotalNote("");
    } catch (e) {
      if (isUnauthorized(e)) throw e;
      setTotal(null);
      setTotalNote(isApiError(e) && e.code === ResponseCode.SHOW_FAIL && e.msg ? e.msg : t("cart.page.totalFailed"));
    }
  }, [t]);

  const reload = useCallback(async () => {
    const data = await post<ShopCartDto[]>("/p/shopCart/info", {});
    setCart(data);
    setLoadFailed(false);
    await loadTotals(data);
  }, [loadTotals]);

  useEffect(() => {
    if (session.state !== "ready") return;
    reload().catch((e: unknown) => {
      if (isUnauthorized(e)) markGuest();
      else setLoadFailed(true);
    });
  }, [session.state, reload, markGuest]);

  /** Runs one change at a time, then reloads the cart (also after a refusal: the server is the truth). */
  const act = useCallback(async (run: () => Promise<void>) => {
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      await run();
    } catch (e) {
      if (isUnauthorized(e)) {
        markGuest();
        return;
      }
      reportError(e, t("cart.page.actionFailed"));
    } finally {
      try {
        await reload();
      } catch (e) {
        if (isUnauthorized(e)) markGuest();
      }
      busyRef.current = false;
      setBusy(false);
    }
  }, [markGuest, reload, t]);

  const setChecked = (lines: readonly ShopCartItemDto[], checked: boolean) => {
    if (busyRef.current) return Promise.resolve();
    const body = checkBody(lines, checked);
    // Shown at once; the reload after the request brings the server's state.
    setCart((c) => (c ? withChecked(c, body) : c));
    return act(async () => {
      if (body.length > 0) await post("/p/shopCart/checkItems", body);
    });
  };

  const changeCount = (line: ShopCartItemDto, next: number) =>
    act(async () => {
      const delta = next - line.prodCount;
      if (delta === 0) return;
      setBadge(await post<number>("/p/shopCart/changeItem", { basketId: line.basketId, prodId: line.prodId, skuId: line.skuId, shopId: line.shopId, count: delta }));
    });

  const remove = (ids: number[]) =>
    act(async () => {
      await del("/p/shopCart/deleteItem", ids);
      setBadge(await get<number>("/p/shopCart/prodCount"));
    });

  function askDelete(ids: number[], text: string) {
    if (ids.length === 0) {
      toastError(t("cart.checkDelete"));
      return;
    }
    setPending({ text, ids });
  }

  async function settle() {
    const ids = checkedIds(allLines);
    if (ids.length === 0) {
      toastError(t("cart.selectOne"));
      return;
    }
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    try {
      // The server refuses more than 50 items with its own message (toasted by the API client).
      await post<CartTotal>("/p/shopCart/totalPay", ids);
      location.assign(`${links.submitOrder}?${settleQuery(ids)}`);
    } catch (e) {
      if (isUnauthorized(e)) markGuest();
      else reportError(e, t("cart.page.actionFailed"));
      busyRef.current = false;
      setBusy(false);
    }
  }

  if (session.state === "guest")
    return (
      <CartState testId="cart-need-login">
        <p>{t("cart.page.needLogin")}</p>
        <button type="button" className="btn" onClick={openLoginPopup}>
          {t("cart.page.login")}
        </button>
      </CartState>
    );
  if (loadFailed)
    return (
      <CartState testId="cart-load-failed">
        <p>{t("cart.page.loadFailed")}</p>
        <button type="button" className="btn btn-ghost" onClick={() => void act(async () => {})}>
          {t("cart.page.retry")}
        </button>
      </CartState>
    );
  if (cart === null)
    return (
      <CartState testId="cart-loading">
        <p role="status">{t("cart.page.loading")}</p>
      </CartState>
    );
  if (cart.length === 0)
    return (
      <CartState testId="cart-empty">
        <span className="cart-empty-icon" aria-hidden="true" />
        <p className="cart-empty-title">{t("cart.page.empty")}</p>
        <a className="btn" href={links.home} data-testid="cart-go-shopping">
          {t("cart.page.goShopping")}
        </a>
      </CartState>
    );

  const everyChecked = allChecked(allLines);
  const selected = checkedIds(allLines);
  const selectedCount = checkedCount(allLines);

  return (
    <div className="cart" data-testid="cart" aria-busy={busy}>
      <div className="cart-head">
        <label className="cart-col-check cart-check">
          <input type="checkbox" checked={everyChecked} disabled={busy || allLines.length === 0} onChange={(e) => void setChecked(allLines, e.target.checked)} data-testid="cart-check-all-top" />
          {t("cart.page.selectAll")}
        </label>
        <span className="cart-col-prod">{t("cart.page.colProduct")}</span>
        <span className="cart-col-price">{t("cart.page.colPrice")}</span>
        <span className="cart-col-count">{t("cart.page.colCount")}</span>
        <span className="cart-col-sum">{t("cart.page.colSubtotal")}</span>
        <span className="cart-col-ops">{t("cart.page.colActions")}</span>
      </div>

      {view.shops.map((shop) => (
        <section key={shop.shopId} className="cart-shop" data-testid="cart-shop" data-shop-id={shop.shopId} aria-label={shop.shopName}>
          <header className="cart-shop-head">
            <label className="cart-check">
              <input
                type="checkbox"
                checked={allChecked(shop.lines)}
                disabled={busy}
                onChange={(e) => void setChecked(shop.lines, e.target.checked)}
                aria-label={t("cart.page.selectShop", { shop: shop.shopName })}
                data-testid="cart-check-shop"
              />
            </label>
            {shop.shopType === 1 ? <span className="cart-tag">{t("cart.page.selfOperated")}</span> : null}
            <a className="cart-shop-name" href={`${links.base}/shopIndex?sid=${shop.shopId}`}>
              {shop.shopName}
            </a>
          </header>
          {shop.groups.map((group) => (
            <div key={group.index} className="cart-group-wrap" data-testid="cart-group" data-discount-id={group.discount?.discountId ?? 0}>
            {group.discount ? <DiscountHead discount={group.discount} /> : null}
            <ul className="cart-group">
              {group.lines.map((line) => (
                <CartLine key={line.basketId} line={line} base={links.base} busy={busy} onCheck={(c) => void setChecked([line], c)} onCount={(n) => void changeCount(line, n)} onDelete={() => askDelete([line.basketId], t("cart.page.deleteOne", { name: line.prodName }))} />
              ))}
            </ul>
            </div>
          ))}
        </section>
      ))}

      {view.invalid.length > 0 ? (
        <section className="cart-invalid" data-testid="cart-invalid" aria-labelledby="cart-invalid-title">
          <header className="cart-invalid-head">
            <h2 id="cart-invalid-title">{t("cart.page.invalidTitle", { n: view.invalid.length })}</h2>
            <button type="button" className="cart-link-btn" disabled={busy} onClick={() => askDelete(view.invalid.map((l) => l.basketId), t("cart.page.clearInvalidConfirm"))} data-testid="cart-clear-invalid">
              {t("cart.page.clearInvalid")}
            </button>
          </header>
          <ul className="cart-group">
            {view.invalid.map((line) => (
              <InvalidCartLine key={line.basketId} line={line} base={links.base} busy={busy} onDelete={() => askDelete([line.basketId], t("cart.page.deleteOne", { name: line.prodName }))} />
            ))}
          </ul>
        </section>
      ) : null}

      <div className="cart-bar" data-testid="cart-bar">
        <label className="cart-check">
          <input type="checkbox" checked={everyChecked} disabled={busy || allLines.length === 0} onChange={(e) => void setChecked(allLines, e.target.checked)} data-testid="cart-check-all" />
          {t("cart.page.selectAll")}
        </label>
        <button type="button" className="cart-link-btn" disabled={busy} onClick={() => askDelete(selected, t("cart.page.deleteSelectedConfirm", { n: selected.length }))} data-testid="cart-delete-selected">
          {t("cart.page.deleteSelected")}
        </button>
        <span className="cart-bar-space" />
        <span className="cart-bar-count" data-testid="cart-selected-count">
          {t("cart.page.selectedCount", { n: selectedCount })}
        </span>
        <span className="cart-bar-total">
          {t("cart.page.total")}
          <strong className="cart-price cart-total" data-testid="cart-total">
            {total ? `¥${total.finalMoney}` : "—"}
          </strong>
          {total && total.subtractMoney !== "0.00" ? (
            <span className="cart-saved" data-testid="cart-saved">{t("discount.reached", { reduce: total.subtractMoney })}</span>
          ) : null}
        </span>
        <button type="button" className="cart-settle" disabled={busy} onClick={() => void settle()} data-testid="cart-settle">
          {t("cart.page.settle")}
        </button>
      </div>
      {totalNote ? (
        <p className="cart-total-note" role="alert" data-testid="cart-total-note">
          {totalNote}
        </p>
      ) : null}

      <Modal open={pending !== null} title={t("cart.page.confirmTitle")} onClose={() => setPending(null)} testId="cart-confirm" className="cart-confirm">
        <p className="cart-confirm-text">{pending?.text}</p>
        <div className="cart-confirm-actions">
          <button type="button" className="btn btn-ghost" onClick={() => setPending(null)}>
            {t("cart.page.cancel")}
          </button>
          <button
            type="button"
            className="btn"
            autoFocus
            data-testid="cart-confirm-ok"
            onClick={() => {
              const ids = pending?.ids ?? [];
              setPending(null);
              void remove(ids);
            }}
          >
            {t("cart.page.confirmDelete")}
          </button>
        </div>
      </Modal>
    </div>
  );
}

function CartState({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="cart-state" data-testid={testId}>
      {children}
    </div>
  );
}

function LineProduct({ line, base }: { line: ShopCartItemDto; base: string }) {
  const href = `${base}/detail/${line.prodId}`;
  return (
    <div className="cart-col-prod cart-prod">
      <a href={href} className="cart-pic" tabIndex={-1} aria-hidden="true">
        {line.pic ? <img src={line.pic} alt="" width={80} height={80} loading="lazy" /> : <span className="cart-pic-ph" />}
      </a>
      <div className="cart-prod-text">
        <a href={href} className="cart-prod-name" data-testid="cart-line-name">
          {line.prodName}
        </a>
        {line.skuName || line.properties ? <p className="cart-sku">{line.skuName || line.properties}</p> : null}
      </div>
    </div>
  );
}

function CartLine({ line, base, busy, onCheck, onCount, onDelete }: {
  line: ShopCartItemDto;
  base: string;
  busy: boolean;
  onCheck: (checked: boolean) => void;
  onCount: (next: number) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(String(line.prodCount));
  // Every reload brings new line objects: the input shows the server's quantity again (also after a refusal).
  useEffect(() => setText(String(line.prodCount)), [line]);
  const overStock = line.prodCount >= line.actualStock;

  function commit() {
    const n = parseCount(text);
    if (n === null) {
      toastError(t("cart.badCount"));
      setText(String(line.prodCount));
      return;
    }
    if (n !== line.prodCount) onCount(n);
  }

  return (
    <li className={`cart-line${line.isChecked === 1 ? " is-checked" : ""}`} data-testid="cart-line" data-basket-id={line.basketId} data-sku-id={line.skuId}>
      <label className="cart-col-check cart-check">
        <input type="checkbox" checked={line.isChecked === 1} disabled={busy} onChange={(e) => onCheck(e.target.checked)} aria-label={t("cart.page.selectLine", { name: line.prodName })} data-testid="cart-check-line" />
      </label>
      <LineProduct line={line} base={base} />
      <div className="cart-col-price">
        <span>¥{line.price}</span>
        {line.oriPrice && line.oriPrice !== line.price && line.oriPrice !== "0.00" ? <del className="cart-ori">¥{line.oriPrice}</del> : null}
      </div>
      <div className="cart-col-count">
        <div className="cart-qty" role="group" aria-label={t("cart.page.colCount")}>
          <button type="button" disabled={busy || line.prodCount <= 1} onClick={() => onCount(line.prodCount - 1)} aria-label={t("cart.page.decrease")} data-testid="cart-minus">
            −
          </button>
          <input
            type="text"
            inputMode="numeric"
            value={text}
            disabled={busy}
            aria-label={t("cart.page.quantityOf", { name: line.prodName })}
            onChange={(e) => setText(digitsOnly(e.target.value))}
            onBlur={commit}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault();
                (e.target as HTMLInputElement).blur();
              }
            }}
            data-testid="cart-count-input"
          />
          <button type="button" disabled={busy} onClick={() => (overStock ? toastError(t("cart.insufficientStock")) : onCount(line.prodCount + 1))} aria-label={t("cart.page.increase")} data-testid="cart-plus">
            +
          </button>
        </div>
        <p className="cart-stock">{t("cart.page.stock", { n: line.actualStock })}</p>
      </div>
      <div className="cart-col-sum cart-price" data-testid="cart-line-sum">
        ¥{line.productTotalAmount}
      </div>
      <div className="cart-col-ops">
        <button type="button" className="cart-link-btn" disabled={busy} onClick={onDelete} data-testid="cart-delete">
          {t("cart.page.delete")}
        </button>
      </div>
    </li>
  );
}

function InvalidCartLine({ line, base, busy, onDelete }: { line: InvalidLine; base: string; busy: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <li className="cart-line is-invalid" data-testid="cart-invalid-line" data-basket-id={line.basketId} data-status={line.status}>
      <span className="cart-col-check">
        <span className="cart-invalid-tag">{line.status === "noStock" ? t("cart.page.statusNoStock") : t("cart.page.statusOffline")}</span>
      </span>
      <LineProduct line={line} base={base} />
      <div className="cart-col-price">
        <span>¥{line.price}</span>
        <p className="cart-sku">{line.shopName}</p>
      </div>
      <div className="cart-col-count">×{line.prodCount}</div>
      <div className="cart-col-sum">¥{line.productTotalAmount}</div>
      <div className="cart-col-ops">
        <button type="button" className="cart-link-btn" disabled={busy} onClick={onDelete} data-testid="cart-delete">
          {t("cart.page.delete")}
        </button>
      </div>
    </li>
  );
}

/** A discount group's header: its name, what it saves now and how much more reaches the next tier. */
function DiscountHead({ discount }: { discount: ChooseDiscountDto }) {
  const { t } = useTranslation();
  const { reached, hint } = discountTexts(discount);
  return (
    <p className="cart-discount" data-testid="cart-discount">
      <span className="cart-discount-tag">{t("discount.promotion")}</span>
      <span className="cart-discount-name">{discount.discountName}</span>
      {reached ? <span className="cart-discount-reached" data-testid="cart-discount-reached">{t(reached.key as "discount.reached", reached.values)}</span> : null}
      {hint ? <span className="cart-discount-hint" data-testid="cart-discount-hint">{t(hint.key as "discount.hintAmount", hint.values)}</span> : null}
    </p>
  );
}
