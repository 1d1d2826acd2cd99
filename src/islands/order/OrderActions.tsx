/**
 * The buyer's buttons of an order, shared by the list (uc-order) and the detail page: pay (link
 * to /payment), cancel / confirm receipt / delete (each after a confirm dialog), buy again
 * (cart, then /cart), logistics (detail page, packages block) and order details.
 */
import { useTranslation } from "../common/I18nProvider.tsx";
import { showToast } from "../../client/toast.ts";
import { TOAST_MS } from "../../lib/toast-timing.ts";
import { $cartCount } from "../../stores/index.ts";
import type { OrderItemDto } from "../../lib/order/order-types.ts";
import { toastOk } from "../common/feedback.ts";
import type { useConfirm } from "../common/dialog.tsx";
import { useAction } from "../common/useAction.ts";
import { buyerActions, offersAfterSales } from "./order-view.ts";
import { buyAgain as buyOrderAgain, cancelOrder, confirmReceipt, deleteOrder } from "../../client/data/order.ts";

export const payHref = (base: string, orderNumber: string) =>
  `${base}/payment?orderNumbers=${encodeURIComponent(orderNumber)}`;
export const detailHref = (base: string, orderNumber: string) =>
  `${base}/order-detail?orderNumber=${encodeURIComponent(orderNumber)}`;

/** A line's after-sales state ("refund in progress", "refunded" …) linking to its application; nothing when never applied for. */
export function LineAfterSalesLink({ item, base }: { item: OrderItemDto; base: string }) {
  const { t } = useTranslation();
  const a = item.afterSales;
  if (!a) return null;
  return (
    <a
      className={`mo-after-sales mo-after-sales-${a.label.slice(5)}`}
      href={`${base}/return-detail?refundSn=${encodeURIComponent(a.refundSn)}`}
      data-testid="mo-line-after-sales"
    >
      {t(`refund.${a.label}`)}
    </a>
  );
}

/**
 * Runs the actions. `onChanged` is called after cancel / receipt (the order changed) and
 * `onDeleted` after delete; buy again goes to the cart.
 */
export function useOrderActions(opts: {
  base: string;
  ask: ReturnType<typeof useConfirm>["ask"];
  markGuest: () => void;
  onChanged: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation();
  const { base, ask, markGuest, onChanged, onDeleted } = opts;

  const attempt = useAction({ onGuest: markGuest, fallback: t("userCenter.common.actionFailed") }).run;

  const cancel = (n: string) =>
    ask(
      t("order.confirmCancel"),
      () =>
        void attempt(async () => {
          await cancelOrder(n);
          toastOk(t("order.canceled"));
          onChanged();
        }),
    );
  const receipt = (n: string) =>
    ask(
      t("order.confirmReceiptAsk"),
      () =>
        void attempt(async () => {
          await confirmReceipt(n);
          toastOk(t("order.received"));
          onChanged();
        }),
    );
  const remove = (n: string) =>
    ask(
      t("order.confirmDelete"),
      () =>
        void attempt(async () => {
          await deleteOrder(n);
          toastOk(t("order.deleted"));
          onDeleted();
        }),
    );
  const buyAgain = (n: string) =>
    void attempt(async () => {
      const r = await buyOrderAgain(n);
      $cartCount.set(r.prodCount);
      const cart = `${base}/cart`;
      if (r.skipped.length > 0) {
        showToast(t("order.buyAgainPartial", { names: r.skipped.map((s) => s.prodName).join(t("order.listSep")) }), {
          duration: TOAST_MS * 2,
          type: "error",
        });
        setTimeout(() => location.assign(cart), TOAST_MS * 2);
      } else location.assign(cart);
    });

  return { cancel, receipt, remove, buyAgain };
}

export function OrderActionButtons({
  order,
  base,
  actions,
  showDetail,
  onLogistics,
}: {
  order: {
    orderNumber: string;
    status: number;
    isComm?: number;
    orderMold?: number;
    orderItemDtos?: readonly { isRefund: number }[];
  };
  base: string;
  actions: ReturnType<typeof useOrderActions>;
  /** The list shows "order details"; the detail page does not. */
  showDetail: boolean;
  /** Detail page: scroll to the packages; list: the link goes to the detail page's packages. */
  onLogistics?: () => void;
}) {
  const { t } = useTranslation();
  const n = order.orderNumber;
  const list = buyerActions(order.status, order.orderMold);
  return (
    <div className="mo-actions" data-testid="mo-actions">
      {list.includes("pay") ? (
        <a className="btn mo-btn" href={payHref(base, n)} data-testid="mo-pay">
          {t("order.action.pay")}
        </a>
      ) : null}
      {list.includes("confirmReceipt") ? (
        <button type="button" className="btn mo-btn" onClick={() => actions.receipt(n)} data-testid="mo-receipt">
          {t("order.action.confirmReceipt")}
        </button>
      ) : null}
      {order.status === 5 && order.isComm === 0 ? (
        <a
          className="btn mo-btn"
          href={`${base}/write-comments?orderNumber=${encodeURIComponent(n)}`}
          data-testid="mo-review"
        >
          {t("review.write.title")}
        </a>
      ) : null}
      {offersAfterSales(order) ? (
        <a
          className="uc-link-btn"
          href={`${base}/user-center/apply-return?orderNumber=${encodeURIComponent(n)}`}
          data-testid="mo-after-sales"
        >
          {t("refund.action")}
        </a>
      ) : null}
      {list.includes("buyAgain") ? (
        <button
          type="button"
          className="btn btn-ghost mo-btn"
          onClick={() => actions.buyAgain(n)}
          data-testid="mo-buy-again"
        >
          {t("order.action.buyAgain")}
        </button>
      ) : null}
      {list.includes("logistics") ? (
        onLogistics ? (
          <button type="button" className="uc-link-btn" onClick={onLogistics} data-testid="mo-logistics">
            {t("order.action.logistics")}
          </button>
        ) : (
          <a className="uc-link-btn" href={`${detailHref(base, n)}#mo-packages`} data-testid="mo-logistics">
            {t("order.action.logistics")}
          </a>
        )
      ) : null}
      {showDetail ? (
        <a className="uc-link-btn" href={detailHref(base, n)} data-testid="mo-detail">
          {t("order.action.detail")}
        </a>
      ) : null}
      {list.includes("cancel") ? (
        <button type="button" className="uc-link-btn" onClick={() => actions.cancel(n)} data-testid="mo-cancel">
          {t("order.action.cancel")}
        </button>
      ) : null}
      {list.includes("delete") ? (
        <button type="button" className="uc-link-btn" onClick={() => actions.remove(n)} data-testid="mo-delete">
          {t("order.action.delete")}
        </button>
      ) : null}
    </div>
  );
}
