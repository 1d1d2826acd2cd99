/**
 * Control characters in text (docs/security.md "Input"): every text a person or a merchant
 * enters goes through these rules, in the browser form and in the API. Single-line fields refuse
 * every C0 control character (U+0000–U+001F), DEL and C1; multi-line fields (order message,
 * descriptions, reviews) allow tab, line feed and carriage return. C1 controls (U+0080–U+009F)
 * are refused everywhere. NUL can not even be stored by
 * PostgreSQL; the others break logs, exports and layouts.
 *
 * Names and addresses a person types (nickname, receiver, address detail, invoice header, store
 * name) also refuse the bidi embedding, override and isolate controls (U+202A–U+202E,
 * U+2066–U+2069): invisible, they reorder what others read ("Trojan Source" spoofing of a name
 * on a parcel, an order list or a chat), with a message of their own.
 */
/** The message of a refusal (rules namespace, all three languages). */
export const CONTROL_CHARS_KEY = "rules.controlChars";

const LINE_CONTROL_RE = /[\u0000-\u001f\u007f-\u009f]/;
const TEXT_CONTROL_RE = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

export function hasControlChars(s: string, multiline = false): boolean {
  return (multiline ? TEXT_CONTROL_RE : LINE_CONTROL_RE).test(s);
}

/** The message of a refusal of bidi controls in a name or address (rules namespace). */
export const BIDI_CHARS_KEY = "rules.bidiChars";

const BIDI_CONTROL_RE = /[\u202a-\u202e\u2066-\u2069]/;

/** True when the text holds a bidi embedding, override or isolate control (U+202A–U+202E, U+2066–U+2069). */
export function hasBidiControls(s: string): boolean {
  return BIDI_CONTROL_RE.test(s);
}
