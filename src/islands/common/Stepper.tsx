/**
 * The quantity stepper (− n +) of the islands, drawn by src/styles/controls.css ".stepper" like the
 * product page's: the number stays within min..max; typing is allowed and clamped when it leaves
 * the field.
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
  testId?: string;
}

export function Stepper({ id, value, min = 1, max, onChange, disabled, decreaseLabel, increaseLabel, testId }: Props) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const clamp = (n: number) => Math.min(max, Math.max(min, Number.isFinite(n) ? Math.trunc(n) : min));
  const set = (n: number) => {
    const v = clamp(n);
    setText(String(v));
    if (v !== value) onChange(v);
  };
  return (
    <div className="stepper">
      <button
        type="button"
        className="stepper-btn"
        aria-label={decreaseLabel}
        disabled={disabled || value <= min}
        onClick={() => set(value - 1)}
      >
        −
      </button>
      <input
        id={id}
        className="stepper-input"
        type="number"
        inputMode="numeric"
        min={min}
        max={max}
        value={text}
        disabled={disabled}
        onChange={(e) => {
          setText(e.currentTarget.value);
          const n = Number(e.currentTarget.value);
          if (e.currentTarget.value !== "" && Number.isInteger(n) && n >= min && n <= max) onChange(n);
        }}
        onBlur={() => set(Number(text))}
        data-testid={testId}
      />
      <button
        type="button"
        className="stepper-btn"
        aria-label={increaseLabel}
        disabled={disabled || value >= max}
        onClick={() => set(value + 1)}
      >
        +
      </button>
    </div>
  );
}
