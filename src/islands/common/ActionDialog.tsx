/**
 * A small modal over a dimmed page that asks for one step before a call: a text (and, for the
 * card's confirmation, a field), Cancel and the action. Escape or Cancel closes it. The payment
 * counter's "pay with the balance?" and the card form's "the bank's code" are this one component.
 */
import type { ReactNode, Ref } from "react";
import "./action-dialog.css";

export function ActionDialog({
  labelledBy,
  testId,
  onCancel,
  cancelText,
  okText,
  onOk,
  okRef,
  okTestId,
  children,
}: {
  /** The id of the element in `children` that names the dialog. */
  labelledBy: string;
  testId: string;
  onCancel: () => void;
  cancelText: string;
  okText: string;
  onOk: () => void;
  okRef?: Ref<HTMLButtonElement>;
  okTestId: string;
  children: ReactNode;
}) {
  return (
    <div className="pay-dialog-mask" onKeyDown={(e) => e.key === "Escape" && onCancel()}>
      <div className="pay-dialog" role="dialog" aria-modal="true" aria-labelledby={labelledBy} data-testid={testId}>
        {children}
        <div className="pay-dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {cancelText}
          </button>
          <button type="button" className="btn" ref={okRef} onClick={onOk} data-testid={okTestId}>
            {okText}
          </button>
        </div>
      </div>
    </div>
  );
}
