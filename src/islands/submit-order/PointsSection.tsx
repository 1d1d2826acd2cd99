/** The checkout's points deduction: use points or not, how many (a multiple of POINTS_STEP, at most the order's limit). */
import { POINTS_STEP } from "../../lib/points/points.ts";
import type { OrderConfirmDto } from "../../lib/order/order-types.ts";
import { useTranslation } from "../common/I18nProvider.tsx";

export function PointsSection({
  idBase,
  data,
  usePoints,
  pointsText,
  pointsError,
  confirming,
  onUse,
  onText,
  onCommit,
}: {
  idBase: string;
  data: OrderConfirmDto;
  usePoints: boolean;
  pointsText: string;
  pointsError: string;
  confirming: boolean;
  onUse: (on: boolean) => void;
  onText: (text: string) => void;
  onCommit: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section className="so-block" aria-labelledby={`${idBase}-points`} data-testid="so-points">
      <header className="so-block-head">
        <h2 id={`${idBase}-points`}>{t("submitOrder.pointsTitle")}</h2>
      </header>
      <div className="so-points">
        <label className="check">
          <input
            type="checkbox"
            checked={usePoints}
            disabled={confirming || data.maxUsableScore <= 0}
            onChange={(e) => onUse(e.target.checked)}
            data-testid="so-points-use"
          />
          {t("submitOrder.usePoints")}
        </label>
        {usePoints ? (
          <span className="so-points-amount">
            <label htmlFor={`${idBase}-pts`}>{t("submitOrder.pointsAmount")}</label>
            <input
              id={`${idBase}-pts`}
              className="input so-points-input"
              inputMode="numeric"
              value={pointsText}
              disabled={confirming}
              aria-invalid={pointsError ? true : undefined}
              aria-describedby={`${idBase}-pts-hint`}
              onChange={(e) => onText(e.target.value)}
              onBlur={onCommit}
              onKeyDown={(e) => {
                if (e.key === "Enter") (e.target as HTMLInputElement).blur();
              }}
              data-testid="so-points-input"
            />
          </span>
        ) : null}
        <span id={`${idBase}-pts-hint`} className="so-muted" data-testid="so-points-hint">
          {data.maxUsableScore > 0
            ? t("submitOrder.pointsHint", {
                have: data.userScore,
                max: data.maxUsableScore,
                step: POINTS_STEP,
                rate: data.shopUseScore,
              })
            : t("submitOrder.pointsNone", { have: data.userScore })}
        </span>
      </div>
      {pointsError ? (
        <p className="so-error" role="alert" data-testid="so-points-error">
          {pointsError}
        </p>
      ) : null}
    </section>
  );
}
