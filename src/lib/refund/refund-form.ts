/**
 * The refund form's limits and its description rule (SPEC §5, §9), zod-free for the island
 * (/user-center/apply-return); the API's rules are refund-rules.ts, on the same rule through
 * rule-schemas.ts.
 */
import { RULE_KEYS as K } from "../rule-keys.ts";
import { textRule } from "../rule-kit.ts";

export const REFUND_VOUCHERS_MAX = 5;
export const REFUND_NOTE_MAX = 200;

/** Optional refund description, at most 200 characters. */
export const refundDescriptionRule = textRule({
  type: K.refundNoteTooLong,
  multiline: true,
  trim: true,
  max: [REFUND_NOTE_MAX, K.refundNoteTooLong],
});
