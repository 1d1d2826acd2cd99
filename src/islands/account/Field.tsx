/**
 * A labelled text field (`.input` of controls.css; in an `.input-group` with its addon) with its
 * error (aria-invalid + aria-describedby) and an optional hint.
 */
import type { InputHTMLAttributes, ReactNode, Ref } from "react";

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  id: string;
  label: string;
  /** Translated error text, or null. */
  error?: string | null;
  hint?: string;
  /** Rendered after the input (e.g. the get-code button). */
  addon?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

export function Field({ id, label, error, hint, addon, inputRef, ...input }: FieldProps) {
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const field = (
    <input
      id={id}
      ref={inputRef}
      className="input"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      {...input}
    />
  );
  return (
    <div className={`auth-field${error ? " has-error" : ""}`}>
      <label className="auth-label" htmlFor={id}>
        {label}
      </label>
      {addon ? (
        <div className="input-group">
          {field}
          {addon}
        </div>
      ) : (
        field
      )}
      {hint && !error && (
        <p id={hintId} className="auth-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="auth-error" role="alert" data-testid={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}
