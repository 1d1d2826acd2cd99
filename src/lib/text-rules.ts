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
 *
 * Hidden characters (`hasHiddenChars`): those bidi controls, the direction marks (U+200E, U+200F,
 * U+061C) and the invisible characters (zero-width space, non-joiner and joiner, word joiner,
 * invisible operators, U+180E, U+FEFF). Names and addresses a person types refuse them all
 * ("ad\u200bmin" is not "admin" to the eye and a search alike), and so does every text a shop
 * writes for others to read: coupon and discount names, renovation texts, chat messages. The
 * one exception is the zero-width joiner between two pictographs, which glues emoji sequences
 * ("👨‍👩‍👧") and shows nothing else.
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

/** The message of a refusal of hidden characters in what a shop writes (rules namespace). */
export const HIDDEN_CHARS_KEY = "rules.hiddenChars";

const HIDDEN_RE = /[\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u200b\u200c\u2060-\u2064\u180e\ufeff]/u;
// A zero-width joiner is hidden unless it joins two pictographs (an emoji sequence).
const LONE_ZWJ_RE =
  /(?<![\p{Extended_Pictographic}\ufe0f\u{1f3fb}-\u{1f3ff}])\u200d|\u200d(?!\p{Extended_Pictographic})/u;

/**
 * True when the text holds a character that changes the reading direction or shows nothing:
 * bidi controls and marks, zero-width characters (a joiner inside an emoji sequence excepted),
 * word joiner, invisible operators, the Mongolian vowel separator and the BOM.
 */
export function hasHiddenChars(s: string): boolean {
  return HIDDEN_RE.test(s) || LONE_ZWJ_RE.test(s);
}
