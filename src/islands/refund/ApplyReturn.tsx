/**
 * /user-center/apply-return?orderNumber=[&orderItemId=][&refundSn= to change an application]: choose
 * the line (or the whole order), refund only or return, reason, quantity, amount (pre-filled with
 * what the line may still refund: GET /p/orderRefund/preview), description, up to 5 voucher images,
 * contact mobile; POST /p/orderRefund/apply (or PUT /p/orderRefund/update), then the progress page.
 * The server checks everything and answers refusals in the buyer's language; nothing typed is lost.
 */
import { useEffect, useState, type FormEvent } from "react";
import { isApiError } from "../../client/api.ts";
import { ResponseCode } from "../../lib/api-types.ts";
import { REFUND_NOTE_MAX, REFUND_VOUCHERS_MAX } from "../../lib/refund/refund-form.ts";
import { useTranslation } from "../common/I18nProvider.tsx";
import { ChoiceGroup } from "../common/ChoiceGroup.tsx";
import { PhotoUpload } from "../common/PhotoUpload.tsx";
import { Stepper } from "../common/Stepper.tsx";
import type { RefundDto, RefundPreviewDto } from "../../lib/refund/refund-types.ts";
import { toastOk } from "../common/feedback.ts";
import { useSession, useUcLoad } from "../common/session.ts";
import { ProdImage, UcGate, UcPanel, UcRoot } from "../common/uc-shell.tsx";
import type { UcIslandProps } from "../common/uc-props.ts";
import { useAction } from "../common/useAction.ts";
import { returnDetailHref } from "./refund-view.ts";
import { FormFoot, FormRow } from "../common/FormRow.tsx";
import "./refund.css";
import { applyRefund, getRefund, getRefundPreview, updateRefund } from "../../client/data/refund.ts";

export default function ApplyReturn(props: UcIslandProps) {
  return (
    <UcRoot locale={props.locale} resources={props.resources}>
      <ApplyBody base={props.homeHref.replace(/\/$/, "")} />
    </UcRoot>
  );
}

function ApplyBody({ base }: { base: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [q, setQ] = useState<{ orderNumber: string; orderItemId: string; refundSn: string } | null>(null);
  useEffect(() => {
    const p = new URLSearchParams(location.search);
    setQ({
      orderNumber: (p.get("orderNumber") ?? "").trim(),
      orderItemId: (p.get("orderItemId") ?? "").trim(),
      refundSn: (p.get("refundSn") ?? "").trim(),
    });
  }, []);
  const load = useUcLoad(
    { state: q === null ? "checking" : session.state, markGuest: session.markGuest },
    async (): Promise<{ preview: RefundPreviewDto | null; refund: RefundDto | null; error: string }> => {
      if (!q?.orderNumber) return { preview: null, refund: null, error: "" };
      try {
        const refund = q.refundSn ? await getRefund(q.refundSn) : null;
        const preview = await getRefundPreview(q.orderNumber);
        return { preview, refund, error: "" };
      } catch (e) {
        if (isApiError(e) && e.code === ResponseCode.SHOW_FAIL)
          return { preview: null, refund: null, error: e.msg ?? "" };
        throw e;
      }
    },
    [q],
  );
  const data = load.data;
  return (
    <UcPanel title={t(q?.refundSn ? "refund.apply.modifyTitle" : "refund.apply.title")} testId="apply-return">
      <UcGate
        state={q === null ? "checking" : session.state}
        error={load.error}
        loading={load.loading && !data}
        onRetry={load.reload}
      >
        {data && !data.preview ? (
          <div className="empty-state ar-none" data-testid="ar-none">
            <p>{data.error || t("refund.apply.notRefundable")}</p>
            {/* Not a dead end: back to the order, or to the buyer's after-sales list. */}
            <p className="ar-none-links">
              {q?.orderNumber ? (
                <a
                  className="btn"
                  href={`${base}/order-detail?orderNumber=${encodeURIComponent(q.orderNumber)}`}
                  data-testid="ar-back-order"
                >
                  {t("refund.apply.backToOrder")}
                </a>
              ) : null}
              <a className="btn btn-ghost" href={`${base}/user-center/uc-return`} data-testid="ar-my-returns">
                {t("refund.apply.myReturns")}
              </a>
            </p>
          </div>
        ) : null}
        {data?.preview ? (
          <ApplyForm
            base={base}
            preview={data.preview}
            refund={data.refund}
            initialItem={Number(q?.orderItemId) || 0}
            onGuest={session.markGuest}
          />
        ) : null}
      </UcGate>
    </UcPanel>
  );
}

function ApplyForm({
  base,
  preview,
  refund,
  initialItem,
  onGuest,
}: {
  base: string;
  preview: RefundPreviewDto;
  refund: RefundDto | null;
  initialItem: number;
  onGuest: () => void;
}) {
  const { t } = useTranslation();
  const open = preview.items.filter(
    (i) => i.refundableNum > 0 && (!i.inProgress || i.orderItemId === refund?.orderItemId),
  );
  const firstItem =
    refund?.orderItemId ?? (open.find((i) => i.orderItemId === initialItem) ?? open[0])?.orderItemId ?? 0;
  const [target, setTarget] = useState<number>(refund ? (refund.refundType === 1 ? 0 : firstItem) : firstItem);
  const item = preview.items.find((i) => i.orderItemId === target);
  const [applyType, setApplyType] = useState<number>(refund?.applyType ?? (preview.canReturn ? 2 : 1));
  const [reason, setReason] = useState<string>(refund ? String(refund.buyerReason) : "");
  const [goodsNum, setGoodsNum] = useState<number>(refund?.goodsNum ?? item?.refundableNum ?? 1);
  const [amount, setAmount] = useState<string>(
    refund?.refundAmount ?? (target === 0 ? preview.wholeOrder.amount : (item?.refundable ?? "")),
  );
  const [desc, setDesc] = useState(refund?.buyerDesc ?? "");
  const [photos, setPhotos] = useState<string[]>(refund?.photoFiles ?? []);
  const [mobile, setMobile] = useState(refund?.buyerMobile ?? "");
  const [error, setError] = useState("");
  // Success goes on to the progress page: the button stays disabled until it has loaded.
  const saver = useAction({ onGuest, fallback: t("userCenter.common.actionFailed"), setError });
  const saving = saver.busy;
  const max = target === 0 ? preview.wholeOrder.amount : (item?.refundable ?? "0.00");

  function choose(id: number) {
    setTarget(id);
    const it = preview.items.find((i) => i.orderItemId === id);
    setGoodsNum(it?.refundableNum ?? preview.wholeOrder.goodsNum);
    setAmount(id === 0 ? preview.wholeOrder.amount : (it?.refundable ?? ""));
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError("");
    const body = {
      orderNumber: preview.orderNumber,
      refundType: target === 0 ? 1 : 2,
      ...(target === 0 ? {} : { orderItemId: target, goodsNum }),
      applyType,
      buyerReason: reason,
      refundAmount: amount,
      buyerDesc: desc,
      photoFiles: photos,
      buyerMobile: mobile,
    };
    await saver.run(
      async () => {
        let refundSn = refund?.refundSn ?? "";
        if (refund) await updateRefund({ ...body, refundSn });
        else refundSn = await applyRefund(body);
        toastOk(t("refund.apply.submitted"));
        location.assign(returnDetailHref(base, refundSn));
      },
      { keepBusy: true },
    );
  }

  const reasons = [0, 1, 2, 3, 4, 5, 6].filter(
    (r) => r !== 0 || (target === 0 ? preview.items.every((i) => i.sevenDayReturn) : item?.sevenDayReturn !== false),
  );
  return (
    <form className="ar-form" onSubmit={(e) => void submit(e)} noValidate data-testid="ar-form">
      <p className="ar-order">
        {t("refund.apply.order", { orderNumber: preview.orderNumber })} · {preview.shopName}
      </p>
      <fieldset className="ar-items">
        <legend>{t("refund.apply.chooseItem")}</legend>
        {preview.items.map((it) => {
          const disabled = it.refundableNum <= 0 || (it.inProgress && it.orderItemId !== refund?.orderItemId);
          return (
            <label key={it.orderItemId} className="choice ar-item">
              <input
                type="radio"
                name="ar-target"
                checked={target === it.orderItemId}
                disabled={disabled}
                onChange={() => choose(it.orderItemId)}
                data-testid="ar-item"
              />
              <ProdImage src={it.pic} alt="" size={48} />
              <span className="ar-item-text">
                <span>{it.prodName}</span>
                <small>
                  {it.skuName} · ×{it.prodCount} ·{" "}
                  {it.virtual
                    ? t("refund.apply.virtualRefund")
                    : it.sevenDayReturn
                      ? t("refund.apply.sevenDay")
                      : t("refund.apply.noSevenDay")}
                </small>
              </span>
              {it.inProgress ? (
                <small className="ar-tag">{t("refund.apply.inProgress")}</small>
              ) : it.refundableNum <= 0 ? (
                <small className="ar-tag">{t("refund.apply.refunded")}</small>
              ) : null}
            </label>
          );
        })}
        {preview.wholeOrder.allowed && preview.items.length > 1 ? (
          <label className="choice ar-item">
            <input
              type="radio"
              name="ar-target"
              checked={target === 0}
              onChange={() => choose(0)}
              data-testid="ar-whole"
            />
            <span className="ar-item-text">
              <span>{t("refund.apply.whole")}</span>
            </span>
          </label>
        ) : null}
      </fieldset>
      <div className="ar-row" role="radiogroup" aria-label={t("refund.apply.type")}>
        <span className="ar-label">{t("refund.apply.type")}</span>
        <ChoiceGroup
          name="ar-type"
          value={applyType}
          onChange={setApplyType}
          options={[
            { value: 1, label: t("refund.applyType.1"), testId: "ar-type-1" },
            { value: 2, label: t("refund.applyType.2"), disabled: !preview.canReturn, testId: "ar-type-2" },
          ]}
        />
      </div>
      <FormRow kind="ar" label={t("refund.apply.reason")}>
        <select
          className="select ar-select"
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          data-testid="ar-reason"
        >
          <option value="">{t("refund.apply.chooseReason")}</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {t(`refund.reasons.${r}`)}
            </option>
          ))}
        </select>
      </FormRow>
      {target !== 0 ? (
        <div className="ar-row">
          <label className="ar-label" htmlFor="ar-qty">
            {t("refund.apply.quantity")}
          </label>
          <Stepper
            id="ar-qty"
            min={1}
            max={item?.refundableNum ?? 1}
            value={goodsNum}
            onChange={setGoodsNum}
            decreaseLabel={t("refund.apply.decrease")}
            increaseLabel={t("refund.apply.increase")}
            testId="ar-qty"
          />
        </div>
      ) : null}
      <FormRow kind="ar" label={t("refund.apply.amount")}>
        <input
          inputMode="decimal"
          value={amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
          className="input ar-amount"
          data-testid="ar-amount"
        />
        <small className="ar-hint">{t("refund.apply.amountHint", { max })}</small>
      </FormRow>
      <FormRow kind="ar" label={t("refund.apply.desc")} top>
        <textarea
          value={desc}
          maxLength={REFUND_NOTE_MAX}
          rows={3}
          className="textarea"
          placeholder={t("refund.apply.descHint")}
          onChange={(e) => setDesc(e.currentTarget.value)}
          data-testid="ar-desc"
        />
      </FormRow>
      <div className="ar-row ar-top">
        <span className="ar-label">{t("refund.apply.photos")}</span>
        <PhotoUpload
          folder="refund"
          max={REFUND_VOUCHERS_MAX}
          value={photos}
          onChange={setPhotos}
          onUnauthorized={onGuest}
          testId="ar-photos"
          texts={{
            add: t("refund.apply.addPhoto"),
            uploading: t("refund.apply.uploading"),
            remove: (n) => t("refund.apply.removePhoto", { n }),
            format: t("refund.apply.photoFormat"),
            size: t("refund.apply.photoSize"),
            failed: t("userCenter.common.actionFailed"),
          }}
        />
      </div>
      <FormRow kind="ar" label={t("refund.apply.mobile")}>
        <input
          className="input ar-amount"
          inputMode="numeric"
          maxLength={11}
          value={mobile}
          onChange={(e) => setMobile(e.currentTarget.value)}
          data-testid="ar-mobile"
        />
      </FormRow>
      <FormFoot kind="ar" error={error} errorTestId="ar-error">
        <button type="submit" className="btn" disabled={saving} data-testid="ar-submit">
          {t(refund ? "refund.apply.resubmit" : "refund.apply.submit")}
        </button>
      </FormFoot>
    </form>
  );
}
