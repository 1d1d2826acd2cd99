/**
 * The search box's rule and numbers (SPEC §5, §9): the keyword of a product or shop search, shared
 * by the header's and shop pages' forms and the API (as a zod schema in rule-schemas.ts). Plain
 * rule (rule-kit.ts: no zod in the browser); messages are keys of the "rules" namespace.
 */
import { RULE_KEYS as K } from "../rule-keys.ts";
import { textRule, type Rule } from "../rule-kit.ts";

/** Number of hot search words requested (GET /search/hotSearch number=4). */
export const HOT_SEARCH_NUMBER = 4;
/** The header's search box asks for suggestions after this long without typing (SPEC §9). */
export const SEARCH_DEBOUNCE_MS = 200;
/** Search keyword upper bound (the API's keyword rule). */
export const SEARCH_KEYWORD_MAX = 50;

export type SearchKind = "prod" | "shop";

/** Search keyword: trimmed; empty or all spaces → "product name / store name cannot be empty". */
export function searchKeywordRule(kind: SearchKind): Rule<string> {
  const empty = kind === "shop" ? K.shopNameEmpty : K.prodNameEmpty;
  return textRule({ type: empty, trim: true, required: empty, max: [SEARCH_KEYWORD_MAX, K.keywordTooLong] });
}
