/**
 * The quantity stepper (− n +) of the islands, drawn by src/styles/controls.css ".stepper" like the
 * server pages' (src/components/Stepper.astro). The field is a text field with a numeric keyboard
 * that keeps digits only. Who decides on a typed number:
 * - by default the stepper: a number within min..max is handed over as it is typed; leaving the
 *   field clamps it;
 * - with `typed`, the caller (the cart, where the server decides): it keeps the text and is told
 *   when the field is left or Enter is pressed.
 * The buttons step by one towards min..max and turn off at the ends; with `onBeyondMax`, + stays on
 * at max and calls it instead (the cart says why it cannot add).
 */
import { useEffect, useState } from "react";

interface Props {
  id?: string;
  value: number;
  min?: number;
  max: number;
  onChange: (n: number) => void;
  disabled?: boolean;
  /** Accessible names of the − and + buttons. */
  decreaseLabel: string;
  increaseLabel: string;
  /** The field's accessible name when no <label for> names it. */
  inputLabel?: string;
  /** Makes the stepper a named group (role="group"). */
  groupLabel?: string;
  testId?: string;
  buttonTestIds?: { decrease: string; increase: string };
  typed?: { text: string; onText: (text: string) => void; onCommit: () => void };
  onBeyondMax?: () => void;
}

const digits = (text: string) => text.replace(/\D+/g, "");

export function Stepper({
  id,
  value,
  min = 1,
  max,
  onChange,
  disabled,
  decreaseLabel,
  increaseLabel,
  inputLabel,
  groupLabel,
  testId,
  buttonTestIds,
  typed,
  onBeyondMax,
}: Props) {
  const [own, setOwn] = useState(String(value));
  useEffect(() => setOwn(String(value)), [value]);
  const text = typed ? typed.text : own;
  const clamp = (n: number) => Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
  const go = (n: number) => {
    if (!typed) setOwn(String(n));
    if (n !== value) onChange(n);
  };
  const atMax = value >= max;
  return (
    <div className="stepper" {...(groupLabel ? { role: "group", "aria-label": groupLabel } : {})}>
      <button
        type="button"
        className="stepper-btn"
        aria-label={decreaseLabel}
        disabled={disabled || value <= min}
        onClick={() => go(Math.max(min, value - 1))}
        data-testid={buttonTestIds?.decrease}
      >
        −
      </button>
      <input
        id={id}
        className="stepper-input"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        disabled={disabled}
        aria-label={inputLabel}
        onChange={(e) => {
          const next = digits(e.currentTarget.value);
          if (typed) return typed.onText(next);
          setOwn(next);
          const n = Number(next);
          if (next !== "" && n >= min && n <= max) onChange(n);
        }}
        onBlur={() => (typed ? typed.onCommit() : go(clamp(Number(own))))}
        onKeyDown={(e) => {
          if (typed && e.key === "Enter") {
            e.preventDefault();
            e.currentTarget.blur();
          }
        }}
        data-testid={testId}
      />
      <button
        type="button"
        className="stepper-btn"
        aria-label={increaseLabel}
        disabled={disabled || (atMax && !onBeyondMax)}
        onClick={() => (atMax ? onBeyondMax?.() : go(value + 1))}
        data-testid={buttonTestIds?.increase}
      >
        +
      </button>
    </div>
  );
}
