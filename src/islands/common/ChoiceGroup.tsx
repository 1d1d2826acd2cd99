/**
 * One row of radio cards (`.choice-group` / `.choice` of src/styles/controls.css, docs/design.md):
 * the project's radio control for every island. The caller keeps its own label or legend around
 * it; `ariaLabel` makes the row itself the radiogroup when nothing around it is.
 */
import type { ReactNode } from "react";

export interface ChoiceOption<V extends string | number> {
  value: V;
  label: ReactNode;
  disabled?: boolean;
  testId?: string;
}

export function ChoiceGroup<V extends string | number>(props: {
  name: string;
  value: V;
  options: readonly ChoiceOption<V>[];
  onChange: (value: V) => void;
  ariaLabel?: string;
}) {
  const { name, value, options, onChange, ariaLabel } = props;
  return (
    <div className="choice-group" {...(ariaLabel ? { role: "radiogroup", "aria-label": ariaLabel } : {})}>
      {options.map((o) => (
        <label key={String(o.value)} className="choice">
          <input
            type="radio"
            name={name}
            checked={value === o.value}
            disabled={o.disabled}
            onChange={() => onChange(o.value)}
            data-testid={o.testId}
          />
          {o.label}
        </label>
      ))}
    </div>
  );
}
