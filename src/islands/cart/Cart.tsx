/**
 * /cart (SPEC §2, §5, §9; CONTRACT §4.1): the buyer's cart, login required. useCart.ts holds the
 * state and the calls; the blocks show them:
 * - lines grouped by shop, inside a shop by discount group (ShopCartDto → shopCartItemDiscounts →
 *   shopCartItems); invalid lines (offline / noStock) in their own greyed "invalid items" block:
 *   not selectable, deletable (cart-view.ts);
 * - select line / shop / all, quantity − / input / + (digits only; a bad value, "" or 0, is
 *   refused here with the server's message), delete one or the selected lines after a confirm;
 * - the bar: count, total of the checked lines, settle.
 */
import type { Locale } from "../../lib/locale.ts";
import { openLoginPopup } from "../../stores/index.ts";
import { I18nProvider, useTranslation, type NamespaceResources } from "../common/I18nProvider.tsx";
import { allChecked, checkedCount, checkedIds } from "./cart-view.ts";
import { CartState } from "./CartLines.tsx";
import { CartBar, CartHead, DeleteConfirm, InvalidSection, ShopSection } from "./CartSections.tsx";
import { useCart } from "./useCart.ts";

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

function CartBody({ links }: { links: CartIslandProps["links"] }) {
  const { t } = useTranslation();
  const c = useCart(links.submitOrder);
  const { cart, view, busy } = c;
  const allLines = view.valid;

  if (c.state === "guest")
    return (
      <CartState testId="cart-need-login">
        <p>{t("cart.page.needLogin")}</p>
        <button type="button" className="btn" onClick={openLoginPopup}>
          {t("cart.page.login")}
        </button>
      </CartState>
    );
  if (c.loadFailed)
    return (
      <CartState testId="cart-load-failed">
        <p>{t("cart.page.loadFailed")}</p>
        <button type="button" className="btn btn-ghost" onClick={c.retry}>
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
  const checkAll = (checked: boolean) => void c.setChecked(allLines, checked);
  const deleteOne = (line: { basketId: number; prodName: string }) =>
    c.askDelete([line.basketId], t("cart.page.deleteOne", { name: line.prodName }));

  return (
    <div className="cart" data-testid="cart" aria-busy={busy}>
      <CartHead everyChecked={everyChecked} busy={busy} empty={allLines.length === 0} onCheckAll={checkAll} />
      {view.shops.map((shop) => (
        <ShopSection
          key={shop.shopId}
          shop={shop}
          base={links.base}
          busy={busy}
          onCheck={(lines, checked) => void c.setChecked(lines, checked)}
          onCount={(line, n) => void c.changeCount(line, n)}
          onDelete={deleteOne}
        />
      ))}
      {view.invalid.length > 0 ? (
        <InvalidSection
          lines={view.invalid}
          base={links.base}
          busy={busy}
          onClear={() =>
            c.askDelete(
              view.invalid.map((l) => l.basketId),
              t("cart.page.clearInvalidConfirm"),
            )
          }
          onDelete={deleteOne}
        />
      ) : null}
      <CartBar
        everyChecked={everyChecked}
        busy={busy}
        empty={allLines.length === 0}
        selectedCount={checkedCount(allLines)}
        total={c.total}
        onCheckAll={checkAll}
        onDeleteSelected={() => c.askDelete(selected, t("cart.page.deleteSelectedConfirm", { count: selected.length }))}
        onSettle={() => void c.settle(selected)}
      />
      {c.totalNote ? (
        <p className="cart-total-note" role="alert" data-testid="cart-total-note">
          {c.totalNote}
        </p>
      ) : null}
      <DeleteConfirm text={c.pending ? c.pending.text : null} onCancel={c.cancelDelete} onConfirm={c.confirmDelete} />
    </div>
  );
}
