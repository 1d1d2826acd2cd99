/**
 * Keeping what a person typed into a server-rendered form before its island hydrated (SPEC:
 * a React form never loses typed input). The browser shows the server HTML at once and lets the
 * person type; React then hydrates with its own initial state ("") and resets the fields on the
 * next render. Reading the field's current DOM value as the initial state keeps the text: during
 * hydration the element is the server-rendered one; on the server and on a fresh client mount
 * (e.g. the login popup) there is no such element and the given initial value is used.
 */
import { useState, type Dispatch, type SetStateAction } from "react";

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The form field `id` of the page, or null (on the server, or when there is none). */
function field(id: string): FieldElement | null {
  if (typeof document === "undefined") return null;
  const el = document.getElementById(id);
  return el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement || el instanceof HTMLSelectElement
    ? el
    : null;
}

/** The value typed into the server-rendered field `id` before hydration, if any. */
export function typedValue(id: string): string | undefined {
  const el = field(id);
  return el && el.value !== "" ? el.value : undefined;
}

/** Whether the server-rendered checkbox `id` was ticked before hydration, if it exists. */
export function typedChecked(id: string): boolean | undefined {
  const el = field(id);
  return el && "checked" in el ? el.checked : undefined;
}

/** useState for a text field that starts with what was typed before hydration. */
export function useTypedState(id: string, initial = ""): [string, Dispatch<SetStateAction<string>>] {
  return useState(() => typedValue(id) ?? initial);
}

/** useState for a checkbox that starts as it was ticked before hydration. */
export function useTypedChecked(id: string, initial = false): [boolean, Dispatch<SetStateAction<boolean>>] {
  return useState(() => typedChecked(id) ?? initial);
}

/** Initial values of several fields (`ids` maps a state key to its element id). */
export function typedValues<K extends string>(initial: Record<K, string>, ids: Record<K, string>): Record<K, string> {
  const out = { ...initial };
  for (const key of Object.keys(ids) as K[]) out[key] = typedValue(ids[key]) ?? initial[key];
  return out;
}
