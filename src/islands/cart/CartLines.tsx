/** The cart's lines: a line with its check box, quantity and delete; an invalid line; a discount group's header. */
import { Picture } from "../common/Picture.tsx";
import { ProdMold, writeOffRuleText } from "../../lib/order/virtual-goods.ts";
import { useEffect, useState, type ReactNode } from "react";
import type { ShopCartItemDto } from "../../lib/cart/cart-types.ts";
import { priceMove } from "../../lib/cart/cart-price-move.ts";
import type { ChooseDiscountDto } from "../../lib/discount/discount-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { digitsOnly, discountTexts, parseCount, type InvalidLine } from "./cart-view.ts";
import { toastError } from "../common/feedback.ts";
import { Stepper } from "../common/Stepper.tsx";

export function CartState({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className="co-state cart-state" data-testid={testId}>
      {children}
    </div>
  );
}

function LineProduct({ line, base }: { line: ShopCartItemDto; base: string }) {
  const { t } = useTranslation();
  const href = `${base}/detail/${line.prodId}`;
  return (
    <div className="cart-col-prod cart-prod">
      <a href={href} className="co-pic cart-pic" tabIndex={-1} aria-hidden="true">
        {line.pic ? <Picture src={line.pic} alt="" width={80} height={80} /> : <span className="co-pic-ph" />}
      </a>
      <div className="cart-prod-text">
        <a href={href} className="cart-prod-name co-prod-name clamp-2" data-testid="cart-line-name">
          {line.prodName}
        </a>
        {line.skuName || line.properties ? <p className="cart-sku">{line.skuName || line.properties}</p> : null}
        {line.mold === ProdMold.VIRTUAL ? (
          <p className="cart-sku" data-testid="cart-virtual">
            {t("order.virtual.kind")} ·{" "}
            {t(writeOffRuleText(line.writeOffTime).key, writeOffRuleText(line.writeOffTime).params)}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** "Price down: ¥12.00 when you added it" while the price is not the one the buyer put in the cart. */
function PriceChange({ line }: { line: ShopCartItemDto }) {
  const { t } = useTranslation();
  if (!line.priceBefore) return null;
  const move = priceMove(line.priceBefore, line.price);
  return (
    <p className={`cart-price-change is-${move}`} data-testid="cart-price-change" data-move={move}>
      {t(move === "up" ? "cart.page.priceUp" : "cart.page.priceDown", { price: line.priceBefore })}
    </p>
  );
}

export function CartLine({
  line,
  base,
  busy,
  onCheck,
  onCount,
  onDelete,
}: {
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
    <li
      className={`cart-line${line.isChecked === 1 ? " is-checked" : ""}`}
      data-testid="cart-line"
      data-basket-id={line.basketId}
      data-sku-id={line.skuId}
    >
      <label className="cart-col-check check">
        <input
          type="checkbox"
          checked={line.isChecked === 1}
          disabled={busy}
          onChange={(e) => onCheck(e.target.checked)}
          aria-label={t("cart.page.selectLine", { name: line.prodName })}
          data-testid="cart-check-line"
        />
      </label>
      <LineProduct line={line} base={base} />
      <div className="cart-col-price">
        <span data-testid="cart-line-price">¥{line.price}</span>
        {line.oriPrice && line.oriPrice !== line.price && line.oriPrice !== "0.00" ? (
          <del className="cart-ori">¥{line.oriPrice}</del>
        ) : null}
        <PriceChange line={line} />
      </div>
      <div className="cart-col-count">
        <Stepper
          value={line.prodCount}
          max={line.actualStock}
          onChange={onCount}
          disabled={busy}
          decreaseLabel={t("cart.page.decrease")}
          increaseLabel={t("cart.page.increase")}
          inputLabel={t("cart.page.quantityOf", { name: line.prodName })}
          groupLabel={t("cart.page.colCount")}
          testId="cart-count-input"
          buttonTestIds={{ decrease: "cart-minus", increase: "cart-plus" }}
          typed={{ text, onText: (s) => setText(digitsOnly(s)), onCommit: commit }}
          onBeyondMax={() => toastError(t("cart.insufficientStock"))}
        />
        <p className="cart-stock">{t("cart.page.stock", { n: line.actualStock })}</p>
      </div>
      <div className="cart-col-sum uc-price" data-testid="cart-line-sum">
        ¥{line.productTotalAmount}
      </div>
      <DeleteCell busy={busy} onDelete={onDelete} />
    </li>
  );
}

export function InvalidCartLine({
  line,
  base,
  busy,
  onDelete,
}: {
  line: InvalidLine;
  base: string;
  busy: boolean;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li
      className="cart-line is-invalid"
      data-testid="cart-invalid-line"
      data-basket-id={line.basketId}
      data-status={line.status}
    >
      <span className="cart-col-check">
        <span className="cart-invalid-tag">
          {line.status === "noStock" ? t("cart.page.statusNoStock") : t("cart.page.statusOffline")}
        </span>
      </span>
      <LineProduct line={line} base={base} />
      <div className="cart-col-price">
        <span>¥{line.price}</span>
        <p className="cart-sku">{line.shopName}</p>
      </div>
      <div className="cart-col-count">×{line.prodCount}</div>
      <div className="cart-col-sum">¥{line.productTotalAmount}</div>
      <DeleteCell busy={busy} onDelete={onDelete} />
    </li>
  );
}

/** A discount group's header: its name, what it saves now and how much more reaches the next tier. */
export function DiscountHead({ discount }: { discount: ChooseDiscountDto }) {
  const { t } = useTranslation();
  const { reached, hint } = discountTexts(discount);
  return (
    <p className="cart-discount" data-testid="cart-discount">
      <span className="cart-discount-tag">{t("discount.promotion")}</span>
      <span className="cart-discount-name">{discount.discountName}</span>
      {reached ? (
        <span className="cart-discount-reached" data-testid="cart-discount-reached">
          {t(reached.key as "discount.reached", reached.values)}
        </span>
      ) : null}
      {hint ? (
        <span className="cart-discount-hint" data-testid="cart-discount-hint">
          {t(hint.key as "discount.hintAmount", hint.values)}
        </span>
      ) : null}
    </p>
  );
}

/** A line's delete button. */
function DeleteCell({ busy, onDelete }: { busy: boolean; onDelete: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="cart-col-ops">
      <button type="button" className="cart-link-btn" disabled={busy} onClick={onDelete} data-testid="cart-delete">
        {t("cart.page.delete")}
      </button>
    </div>
  );
}
