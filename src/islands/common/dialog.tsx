/** Dialogs of the islands: a modal on <dialog> and a confirm dialog with its state. */
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "./I18nProvider.tsx";

/** A modal built on <dialog> (focus trap, Escape and the top layer come from the browser). */
export function Modal({
  open,
  title,
  onClose,
  children,
  testId,
  className,
}: {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  testId?: string;
  className?: string;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const id = useId();
  useEffect(() => {
    const d = ref.current;
    if (!d) return;
    if (open && !d.open) d.showModal();
    if (!open && d.open) d.close();
  }, [open]);
  return (
    <dialog
      ref={ref}
      className={`uc-dialog ${className ?? ""}`}
      aria-labelledby={id}
      data-testid={testId}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
    >
      {open ? (
        <>
          <h2 id={id} className="uc-dialog-title">
            {title}
          </h2>
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** Confirm dialog state: ask(text, run) opens it; pass `confirm` to <ConfirmDialog>. */
export function useConfirm() {
  const [pending, setPending] = useState<{ text: string; run: () => void } | null>(null);
  const ask = useCallback((text: string, run: () => void) => setPending({ text, run }), []);
  return { ask, confirm: { pending, close: () => setPending(null) } };
}

export function ConfirmDialog({
  confirm,
}: {
  confirm: { pending: { text: string; run: () => void } | null; close: () => void };
}) {
  const { t } = useTranslation();
  const { pending, close } = confirm;
  return (
    <ConfirmModal
      kind="uc"
      text={pending ? pending.text : null}
      labels={[t("userCenter.common.confirmTitle"), t("userCenter.common.cancel"), t("userCenter.common.confirm")]}
      onCancel={close}
      onConfirm={() => {
        const run = pending?.run;
        close();
        run?.();
      }}
    />
  );
}

/**
 * A question with cancel and OK, open while `text` is not null; `kind` names its classes and test
 * ids (`${kind}-confirm`, `${kind}-confirm-text`, `${kind}-confirm-ok`); `labels`: title, cancel, OK.
 */
export function ConfirmModal(props: {
  kind: "uc" | "cart";
  text: string | null;
  labels: readonly [string, string, string];
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { kind, text, labels } = props;
  return (
    <Modal
      open={text !== null}
      title={labels[0]}
      onClose={props.onCancel}
      testId={`${kind}-confirm`}
      className={`${kind}-confirm`}
    >
      <p className={`${kind}-confirm-text`}>{text}</p>
      <div className="uc-dialog-actions">
        <button type="button" className="btn btn-ghost" onClick={props.onCancel}>
          {labels[1]}
        </button>
        <button type="button" className="btn" data-testid={`${kind}-confirm-ok`} autoFocus onClick={props.onConfirm}>
          {labels[2]}
        </button>
      </div>
    </Modal>
  );
}
