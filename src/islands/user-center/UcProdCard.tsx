/**
 * The product card of the collection and footprint grids (its own module so that the other
 * islands importing the shared shell, common/uc-shell.tsx, do not load it).
 */
import type { ReactNode } from "react";
import { useTranslation } from "../common/I18nProvider.tsx";
import { priceText } from "../../lib/money-format.ts";
import { ProdImage } from "../common/uc-shell.tsx";

/** A product card of the collection and footprint grids; products no longer on sale are marked invalid. */
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
  };
  testId: string;
  /** The card's action (cancel, delete). */
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const invalid = prod.status !== 1;
  return (
    <li className={`uc-prod-card${invalid ? " is-invalid" : ""}`} data-testid={testId} data-prod-id={prod.prodId}>
      <a href={`${base}/detail/${prod.prodId}`} className="uc-prod-link">
        <span className="uc-prod-img">
          <ProdImage src={prod.pic} alt="" size={180} />
          {invalid ? <span className="uc-prod-flag">{t("userCenter.collection.invalid")}</span> : null}
        </span>
        <span className="uc-prod-name">{prod.prodName}</span>
      </a>
      <div className="uc-prod-foot">
        <span className="uc-price">¥{priceText(prod.price)}</span>
        {children}
      </div>
    </li>
  );
}
