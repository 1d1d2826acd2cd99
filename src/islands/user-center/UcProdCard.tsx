/**
 * The product card of the collection and footprint grids (its own module so that the other
 * islands importing the shared shell, common/uc-shell.tsx, do not load it).
 */
import type { ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { priceText } from "../../lib/money-format.ts";
import { isSoldOut } from "../../lib/catalog/stock.ts";
import { ProdImage } from "../common/uc-shell.tsx";

/**
 * A product card of the collection and footprint grids; products no longer on sale are marked
 * invalid, products on sale without stock "sold out" (isSoldOut, as the storefront's cards).
 */
export function UcProdCard({
  base,
  prod,
  testId,
  children,
}: {
  base: string;
  prod: {
    prodId: number;
    prodName: string;
    pic: string | null | undefined;
    price: string | number | null;
    status: number;
    totalStocks: number;
  };
  testId: string;
  /** The card's action (cancel, delete). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const invalid = prod.status !== 1;
  const soldOut = !invalid && isSoldOut(prod.totalStocks);
  const flag = invalid ? "invalid" : soldOut ? "soldOut" : null;
  return (
    <li
      className={`uc-prod-card${invalid ? " is-invalid" : ""}${soldOut ? " is-sold-out" : ""}`}
      data-testid={testId}
      data-prod-id={prod.prodId}
      data-sold-out={soldOut || undefined}
    >
      <a href={`${base}/detail/${prod.prodId}`} className="uc-prod-link">
        <span className="uc-prod-img">
          <ProdImage src={prod.pic} alt="" size={180} />
          {flag ? (
            <span className="uc-prod-flag" data-testid={`${testId}-${flag}`}>
              {t(`userCenter.collection.${flag}`)}
            </span>
          ) : null}
        </span>
        <span className="uc-prod-name clamp-2">{prod.prodName}</span>
      </a>
      <div className="uc-prod-foot">
        <span className="uc-price">¥{priceText(prod.price)}</span>
        {children}
      </div>
    </li>
  );
}
