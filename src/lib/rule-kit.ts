/**
 * The small rule kit of the shared form rules (rules.ts, address-rules.ts, order-rules.ts): plain
 * functions with zod's `safeParse` / `parse` surface, so a browser form validates without
 * shipping zod, and the API turns the very same rule into a zod schema (rule-schemas.ts
 * `schemaOf`). One rule, one place; the tests check each rule and its schema agree.
 *
 * Semantics follow zod's: the first failing check of a field gives its message (a message key);
 * an object rule reports each field's first issue with the field as path, and runs its
 * cross-field check only when every field passed.
 */

import { BIDI_CHARS_KEY, CONTROL_CHARS_KEY, hasControlChars, hasHiddenChars } from "./text-rules.ts";

export interface RuleIssue {
  path: PropertyKey[];
  message: string;
}

export type RuleResult<T> = { success: true; data: T } | { success: false; error: { issues: RuleIssue[] } };

export interface Rule<T> {
  safeParse(value: unknown): RuleResult<T>;
  /** The parsed value; throws a RuleError when the value breaks the rule. */
  parse(value: unknown): T;
}

export type RuleOutput<R> = R extends Rule<infer T> ? T : never;

export class RuleError extends Error {
  constructor(readonly issues: RuleIssue[]) {
    super(issues[0]?.message ?? "invalid");
  }
}

/** A failed check (returned by a rule's check function). */
export class RuleFailure {
  constructor(readonly issues: RuleIssue[]) {}
}

export function fail(message: string, path: PropertyKey[] = []): RuleFailure {
  return new RuleFailure([{ path, message }]);
}

/** A rule from a check function that returns the parsed value or a failure. */
export function defineRule<T>(check: (value: unknown) => T | RuleFailure): Rule<T> {
  const safeParse = (value: unknown): RuleResult<T> => {
    const r = check(value);
    return r instanceof RuleFailure ? { success: false, error: { issues: r.issues } } : { success: true, data: r };
  };
  return {
    safeParse,
    parse(value) {
      const r = safeParse(value);
      if (!r.success) throw new RuleError(r.error.issues);
      return r.data;
    },
  };
}

export interface TextSpec {
  /** Message when the value is not a string. */
  type: string;
  /**
   * Multi-line text (order message, descriptions, reviews): tab and line breaks allowed. Every
   * text rule refuses control characters (src/lib/text-rules.ts) before any other check.
   */
  multiline?: boolean;
  /** A name or address a person types: hidden characters (bidi controls, zero-width) are refused too (text-rules.ts), right after the control characters. */
  name?: boolean;
  /** A check on the text as sent, before trimming. */
  raw?: readonly [(s: string) => boolean, string];
  /** Trim first; the parsed value is the trimmed text. */
  trim?: boolean;
  /** Message when the (trimmed) text is empty; stops there. */
  required?: string;
  min?: readonly [number, string];
  max?: readonly [number, string];
  /** Further checks, in order. */
  tests?: readonly (readonly [(s: string) => boolean, string])[];
}

/** A text rule: type, control characters (and bidi controls in names), then the raw check, trim, required, min, max and tests in that order. */
export function textRule(spec: TextSpec): Rule<string> {
  return defineRule((v) => {
    if (typeof v !== "string") return fail(spec.type);
    if (hasControlChars(v.trim(), spec.multiline)) return fail(CONTROL_CHARS_KEY);
    if (spec.name && hasHiddenChars(v)) return fail(BIDI_CHARS_KEY);
    if (spec.raw && !spec.raw[0](v)) return fail(spec.raw[1]);
    const s = spec.trim ? v.trim() : v;
    if (spec.required && s.length === 0) return fail(spec.required);
    if (spec.min && s.length < spec.min[0]) return fail(spec.min[1]);
    if (spec.max && s.length > spec.max[0]) return fail(spec.max[1]);
    for (const [test, message] of spec.tests ?? []) if (!test(s)) return fail(message);
    return s;
  });
}

export type Shape = Record<string, Rule<unknown>>;
export type ShapeOutput<S extends Shape> = { [K in keyof S]: RuleOutput<S[K]> };

export interface ObjectRule<S extends Shape, T> extends Rule<T> {
  readonly shape: S;
}

/** An object rule: each field's rule (issues carry the field name), then `refine` on the parsed object. */
export function objectRule<S extends Shape>(
  shape: S,
  refine?: (value: ShapeOutput<S>) => RuleFailure | null,
): ObjectRule<S, ShapeOutput<S>> {
  const rule = defineRule<ShapeOutput<S>>((v) => {
    const input = (v !== null && typeof v === "object" ? v : {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    const issues: RuleIssue[] = [];
    for (const [key, fieldRule] of Object.entries(shape)) {
      const r = fieldRule.safeParse(input[key]);
      if (r.success) {
        if (r.data !== undefined || key in input) out[key] = r.data;
      } else for (const i of r.error.issues) issues.push({ path: [key, ...i.path], message: i.message });
    }
    if (issues.length) return new RuleFailure(issues);
    return refine?.(out as ShapeOutput<S>) ?? (out as ShapeOutput<S>);
  });
  return { ...rule, shape };
}

/** The first message key a rule gives for a value, or null when the value passes. */
export function ruleError(rule: Rule<unknown>, value: unknown): string | null {
  const r = rule.safeParse(value);
  return r.success ? null : (r.error.issues[0]?.message ?? null);
}

/** Message keys per field (first problem of each field) of an object rule; empty when valid. */
export function ruleErrors(rule: Rule<unknown>, value: unknown): Record<string, string> {
  const r = rule.safeParse(value);
  const out: Record<string, string> = {};
  if (r.success) return out;
  for (const issue of r.error.issues) {
    const field = issue.path.map(String).join(".");
    if (!(field in out)) out[field] = issue.message;
  }
  return out;
}
