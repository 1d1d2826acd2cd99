/** The blocks of /cart: column heads, a shop with its discount groups, the invalid lines, the bar, the delete confirm. */
import type { CartTotal, ShopCartItemDto } from "../../lib/cart/cart-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ConfirmModal } from "../common/dialog.tsx";
import { allChecked, type CartShopView, type InvalidLine } from "./cart-view.ts";
import { CartLine, DiscountHead, InvalidCartLine } from "./CartLines.tsx";

/** "Select all", above the lines and in the bar under them. */
function SelectAll(props: {
  className: string;
  checked: boolean;
  disabled: boolean;
  onChange: (checked: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <label className={props.className}>
      <input
        type="checkbox"
        checked={props.checked}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.target.checked)}
        data-testid={props.testId}
      />
      {t("cart.page.selectAll")}
    </label>
  );
}

export function CartHead({
  everyChecked,
  busy,
  empty,
  onCheckAll,
}: {
  everyChecked: boolean;
  busy: boolean;
  empty: boolean;
  onCheckAll: (checked: boolean) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cart-head">
      <SelectAll
        className="cart-col-check check"
        checked={everyChecked}
        disabled={busy || empty}
        onChange={onCheckAll}
        testId="cart-check-all-top"
      />
      <span className="cart-col-prod">{t("cart.page.colProduct")}</span>
      <span className="cart-col-price">{t("cart.page.colPrice")}</span>
      <span className="cart-col-count">{t("cart.page.colCount")}</span>
      <span className="cart-col-sum">{t("cart.page.colSubtotal")}</span>
      <span className="cart-col-ops">{t("cart.page.colActions")}</span>
    </div>
  );
}

export function ShopSection({
  shop,
  base,
  busy,
  onCheck,
  onCount,
  onDelete,
}: {
  shop: CartShopView;
  base: string;
  busy: boolean;
  onCheck: (lines: readonly ShopCartItemDto[], checked: boolean) => void;
  onCount: (line: ShopCartItemDto, next: number) => void;
  onDelete: (line: ShopCartItemDto) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="cart-shop" data-testid="cart-shop" data-shop-id={shop.shopId} aria-label={shop.shopName}>
      <header className="cart-shop-head">
        <label className="check">
          <input
            type="checkbox"
            checked={allChecked(shop.lines)}
            disabled={busy}
            onChange={(e) => onCheck(shop.lines, e.target.checked)}
            aria-label={t("cart.page.selectShop", { shop: shop.shopName })}
            data-testid="cart-check-shop"
          />
        </label>
        {shop.shopType === 1 ? <span className="uc-badge">{t("cart.page.selfOperated")}</span> : null}
        <a className="cart-shop-name" href={`${base}/shopIndex?sid=${shop.shopId}`}>
          {shop.shopName}
        </a>
      </header>
      {shop.groups.map((group) => (
        <div
          key={group.index}
          className="cart-group-wrap"
          data-testid="cart-group"
          data-discount-id={group.discount?.discountId ?? 0}
        >
          {group.discount ? <DiscountHead discount={group.discount} /> : null}
          <ul className="cart-group">
            {group.lines.map((line) => (
              <CartLine
                key={line.basketId}
                line={line}
                base={base}
                busy={busy}
                onCheck={(c) => onCheck([line], c)}
                onCount={(n) => onCount(line, n)}
                onDelete={() => onDelete(line)}
              />
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

export function InvalidSection({
  lines,
  base,
  busy,
  onClear,
  onDelete,
}: {
  lines: InvalidLine[];
  base: string;
  busy: boolean;
  onClear: () => void;
  onDelete: (line: InvalidLine) => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="cart-invalid" data-testid="cart-invalid" aria-labelledby="cart-invalid-title">
      <header className="cart-invalid-head">
        <h2 id="cart-invalid-title">{t("cart.page.invalidTitle", { n: lines.length })}</h2>
        <button
          type="button"
          className="cart-link-btn"
          disabled={busy}
          onClick={onClear}
          data-testid="cart-clear-invalid"
        >
          {t("cart.page.clearInvalid")}
        </button>
      </header>
      <ul className="cart-group">
        {lines.map((line) => (
          <InvalidCartLine key={line.basketId} line={line} base={base} busy={busy} onDelete={() => onDelete(line)} />
        ))}
      </ul>
    </section>
  );
}

export function CartBar({
  everyChecked,
  busy,
  empty,
  selectedCount,
  total,
  onCheckAll,
  onDeleteSelected,
  onSettle,
}: {
  everyChecked: boolean;
  busy: boolean;
  empty: boolean;
  selectedCount: number;
  total: CartTotal | null;
  onCheckAll: (checked: boolean) => void;
  onDeleteSelected: () => void;
  onSettle: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="cart-bar" data-testid="cart-bar">
      <SelectAll
        className="check"
        checked={everyChecked}
        disabled={busy || empty}
        onChange={onCheckAll}
        testId="cart-check-all"
      />
      <button
        type="button"
        className="cart-link-btn"
        disabled={busy}
        onClick={onDeleteSelected}
        data-testid="cart-delete-selected"
      >
        {t("cart.page.deleteSelected")}
      </button>
      <span className="cart-bar-space" />
      <span className="cart-bar-count" data-testid="cart-selected-count">
        {t("cart.page.selectedCount", { count: selectedCount })}
      </span>
      <span className="cart-bar-total co-amount">
        {t("cart.page.total")}
        <strong className="uc-price cart-total" data-testid="cart-total">
          {total ? `¥${total.finalMoney}` : "—"}
        </strong>
        {total && total.subtractMoney !== "0.00" ? (
          <span className="cart-saved" data-testid="cart-saved">
            {t("discount.reached", { reduce: total.subtractMoney })}
          </span>
        ) : null}
      </span>
      <button
        type="button"
        className="co-pay-btn cart-settle"
        disabled={busy}
        onClick={onSettle}
        data-testid="cart-settle"
      >
        {t("cart.page.settle")}
      </button>
    </div>
  );
}

export function DeleteConfirm({
  text,
  onCancel,
  onConfirm,
}: {
  text: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      kind="cart"
      text={text}
      labels={[t("cart.page.confirmTitle"), t("cart.page.cancel"), t("cart.page.confirmDelete")]}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
