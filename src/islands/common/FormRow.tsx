/**
 * The rows of the order-side forms (refund application, return shipping, invoice): a label column
 * and the control, in the feature's classes `${kind}-row` (`${kind}-top`: label at the top) and
 * `${kind}-label`; and the form's foot: its error line, then its buttons under the controls.
 */
import type { ReactNode } from "react";

type Kind = "ar" | "inv";

export function FormRow({
  kind,
  label,
  top,
  children,
}: {
  kind: Kind;
  label: string;
  top?: boolean;
  children: ReactNode;
}) {
  return (
    <label className={top ? `${kind}-row ${kind}-top` : `${kind}-row`}>
      <span className={`${kind}-label`}>{label}</span>
      {children}
    </label>
  );
}

export function FormFoot(props: { kind: Kind; error: string | null; errorTestId: string; children: ReactNode }) {
  return (
    <>
      {props.error ? (
        <p className="uc-field-error" role="alert" data-testid={props.errorTestId}>
          {props.error}
        </p>
      ) : null}
      <div className={`${props.kind}-row`}>
        <span className={`${props.kind}-label`} />
        {props.children}
      </div>
    </>
  );
}
