/**
 * The state and the calls of the checkout (SubmitOrder.tsx renders them; SPEC §2, §5, §9;
 * CONTRACT §4.2-§4.3):
 * - What is bought comes from the query (submit-view.ts parseSubmitQuery). Buy now needs the
 *   product's shop: read from GET /prod/prodInfo.
 * - POST /p/order/confirm gives the preview and the submit token (uuid). It is asked again when the
 *   address, a coupon or the points change, after an address is added, and after an out-of-stock
 *   refusal. A refused first confirm (bad basketIds, unavailable goods…) is the page's message
 *   with a link to the cart; a later one is toasted and the previous preview stays.
 * - Address book from GET /p/address/list; no address yet opens the inline form.
 * - Submit → POST /p/order/submit with the uuid, one at a time (a second click while one runs does
 *   nothing). Success → /payment?orderNumbers=…; A03002 → message, then my orders (unpaid);
 *   A03010 → message and a new confirm.
 */
import { useCallback, useEffect, useState } from "react";
import { isApiError } from "../../client/api.ts";
import type { AddressItem } from "../../lib/address/address-types.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { TOAST_MS } from "../../lib/toast-timing.ts";
import type { CheckoutCouponDto } from "../../lib/coupon/coupon-types.ts";
import type { OrderConfirmDto } from "../../lib/order/order-types.ts";
import { messageOf, reportError, toastError } from "../common/feedback.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { useSession } from "../common/session.ts";
import { useAction } from "../common/useAction.ts";
import {
  backLink,
  confirmBody,
  hasErrors,
  NO_INVOICE,
  parseSubmitQuery,
  pickCoupon,
  submitBody,
  type ConfirmChoice,
  type FormErrors,
  type InvoiceForm,
  type InvoiceKind,
  type SubmitSource,
} from "./submit-view.ts";
import { listAddresses } from "../../client/data/address.ts";
import { getProduct } from "../../client/data/catalog.ts";
import { confirmOrder, submitOrder } from "../../client/data/order.ts";

/** The form checks bring the order rules: loaded at the first check, so the page's first JavaScript stays small. */
const loadChecks = () => import("./submit-checks.ts");

export interface CheckoutLinks {
  cart: string;
  home: string;
  payment: string;
  /** My orders, unpaid tab. */
  unpaidOrders: string;
  /** Locale prefix for product links ("", "/en"). */
  base: string;
}

export function useCheckout(links: CheckoutLinks) {
  const { t } = useTranslation();
  const session = useSession();
  const { markGuest } = session;
  const [source, setSource] = useState<SubmitSource | null | undefined>(undefined);
  const [shopId, setShopId] = useState<number | undefined>(undefined);
  const [data, setData] = useState<OrderConfirmDto | null>(null);
  const [fatal, setFatal] = useState<string | null>(null);
  const [addresses, setAddresses] = useState<AddressItem[] | null>(null);
  const [adding, setAdding] = useState(false);
  const [choice, setChoice] = useState<ConfirmChoice>({ usePoints: false });
  const [pointsText, setPointsText] = useState("");
  const [pointsError, setPointsError] = useState("");
  const [remarks, setRemarks] = useState<Record<number, string>>({});
  const [invoice, setInvoice] = useState<InvoiceForm>(NO_INVOICE);
  const [errors, setErrors] = useState<FormErrors>({ remarks: {} });
  const confirming = useAction({ onGuest: markGuest, fallback: t("submitOrder.confirmFailed") });
  const confirmRun = confirming.run;
  const addressBook = useAction({ onGuest: markGuest, onFailed: () => setAddresses([]) });
  const addressRun = addressBook.run;
  const submitting = useAction({ onGuest: markGuest, fallback: t("submitOrder.submitFailed"), exclusive: true });

  useEffect(() => setSource(parseSubmitQuery(location.search)), []);

  /** Asks confirm with `next`; keeps the previous preview on a refusal after the first. */
  const confirm = useCallback(
    async (next: ConfirmChoice, first = false): Promise<boolean> => {
      if (!source) return false;
      const ok = await confirmRun(
        async () => {
          let sid = shopId;
          if (source.kind === "buyNow" && sid === undefined) {
            const prod = await getProduct(source.prodId);
            sid = prod.shop?.shopId;
            if (!sid) throw new Error("no shop");
            setShopId(sid);
          }
          const d = await confirmOrder(source, confirmBody(source, next, sid));
          setData(d);
          setChoice({
            ...next,
            addrId: d.userAddr?.addrId ?? next.addrId,
            points: next.usePoints ? d.useScore : undefined,
          });
          setPointsText(d.isScorePay === 1 ? String(d.useScore) : "");
          setPointsError("");
          return true;
        },
        first ? { setError: setFatal, inlineOnly: true } : {},
      );
      return ok ?? false;
    },
    [source, shopId, confirmRun],
  );

  const loadAddresses = useCallback(async () => {
    await addressRun(async () => setAddresses(await listAddresses()));
  }, [addressRun]);

  useEffect(() => {
    if (session.state !== "ready" || source === undefined) return;
    if (source === null) {
      setFatal(t("submitOrder.badQuery"));
      return;
    }
    void confirm({ usePoints: false }, true);
    void loadAddresses();
    // Only once per session/source: later confirms are explicit.
  }, [session.state, source]);

  useEffect(() => {
    if (addresses && addresses.length === 0 && data && !data.userAddr && data.orderMold !== 1) setAdding(true);
  }, [addresses, data]);

  async function checkRemark(shopId: number, text: string) {
    const { remarkError } = await loadChecks();
    setErrors((e) => ({ ...e, remarks: { ...e.remarks, [shopId]: remarkError(text) } }));
  }

  async function submit() {
    if (!data || submitting.running()) return;
    // Virtual goods need no address (docs/virtual-goods.md).
    if (!data.userAddr && data.orderMold !== 1) {
      toastError(t("submitOrder.needAddress"));
      setAdding(true);
      return;
    }
    // Taken before anything is awaited (exclusive): a second click while this one runs does nothing.
    await submitting.run(
      async (): Promise<boolean> => {
        const shopIds = data.shopCartOrders.map((s) => s.shopId);
        const { checkForm } = await loadChecks();
        const errs = checkForm(shopIds, remarks, invoice);
        setErrors(errs);
        if (hasErrors(errs)) {
          toastError(t("submitOrder.fixForm"));
          requestAnimationFrame(() => document.querySelector<HTMLElement>(".so [aria-invalid='true']")?.focus());
          return false;
        }
        try {
          const res = await submitOrder(
            source!,
            submitBody(
              data.uuid,
              shopIds,
              remarks,
              invoice,
              choice,
              { couponUserIds: data.couponUserIds, actualTotal: data.actualTotal },
              source ?? undefined,
            ),
          );
          location.assign(`${links.payment}?orderNumbers=${encodeURIComponent(res.orderNumbers)}`);
          return true;
        } catch (e) {
          if (isApiError(e) && e.code === ResponseCode.REPEAT_ORDER) {
            toastError(messageOf(e, t("submitOrder.repeat")));
            window.setTimeout(() => location.assign(links.unpaidOrders), TOAST_MS);
            return true;
          }
          if (isApiError(e) && e.code === ResponseCode.NO_STOCK) {
            toastError(messageOf(e, t("submitOrder.stockShort")));
            await confirm(choice);
            return false;
          }
          if (isApiError(e) && e.code === ResponseCode.SHOW_FAIL) {
            reportError(e, t("submitOrder.submitFailed"));
            // Coupons used elsewhere, an amount that changed: show the current truth.
            await confirm({ ...choice, coupons: undefined });
            return false;
          }
          throw e;
        }
      },
      { keepBusy: (leaving) => leaving },
    );
  }

  return {
    state: session.state,
    fatal,
    /** Where "back" leads: the cart only for a buyer who came from it. */
    back: backLink(source, links),
    data,
    addresses,
    adding,
    choice,
    pointsText,
    pointsError,
    remarks,
    invoice,
    errors,
    confirming: confirming.busy,
    submitting: submitting.busy,
    submit,
    /** Address: choose one of the book (a new confirm), open / close the inline form, saved. */
    chooseAddress: (addrId: number) => void confirm({ ...choice, addrId }),
    openAddressForm: () => setAdding(true),
    closeAddressForm: () => setAdding(false),
    addressFormGuest: () => {
      setAdding(false);
      markGuest();
    },
    addressSaved: async (addrId?: number) => {
      setAdding(false);
      await loadAddresses();
      await confirm({ ...choice, addrId });
    },
    /** A shop's order message: checked again while it shows an error, and when the field is left. */
    setRemark: (shopId: number, text: string) => {
      setRemarks((r) => ({ ...r, [shopId]: text }));
      if (errors.remarks[shopId]) void checkRemark(shopId, text);
    },
    leaveRemark: (shopId: number, text: string) => void checkRemark(shopId, text),
    /** A shop's (or, shopId 0, the platform's) coupon: the server prices the new choice. */
    pickCoupon: (options: CheckoutCouponDto[], shopId: number, couponUserId: number) => {
      if (data) void confirm({ ...choice, coupons: pickCoupon(data.couponUserIds, options, shopId, couponUserId) });
    },
    /** Points on / off: shown at once; a refused confirm puts it back. */
    usePoints: (on: boolean) => {
      const prev = choice;
      const next = { ...choice, usePoints: on, points: undefined };
      setChoice(next);
      void confirm(next).then((ok) => {
        if (!ok) setChoice(prev);
      });
    },
    setPointsText: (text: string) => setPointsText(text.replace(/\D+/g, "").slice(0, 12)),
    /** The typed points, checked by the rule; a new amount is confirmed. */
    commitPoints: async () => {
      if (!data) return;
      const { checkPoints } = await loadChecks();
      const r = checkPoints(pointsText, data.maxUsableScore);
      if (!r.ok) setPointsError(t(r.error, r.params ?? {}));
      else if (r.points !== data.useScore) void confirm({ ...choice, usePoints: true, points: r.points });
      else setPointsError("");
    },
    chooseInvoice: (type: InvoiceKind) => {
      setInvoice((v) => ({ ...v, type }));
      setErrors((e) => ({ ...e, headerName: undefined, taxNumber: undefined }));
    },
    setInvoiceField: (field: "headerName" | "taxNumber", value: string) =>
      setInvoice((v) => ({ ...v, [field]: value })),
  };
}
