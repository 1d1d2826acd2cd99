/**
 * The review form's limits and its text rule (SPEC §5, §9), zod-free for the island
 * (/write-comments); the API's rules are review-rules.ts, on the same rule through rule-schemas.ts.
 */
import { RULE_KEYS as K } from "../rule-keys.ts";
import { textRule } from "../rule-kit.ts";

export const REVIEW_PHOTOS_MAX = 9;
export const REVIEW_TEXT_MAX = 150;

export const reviewTextRule = textRule({
  type: K.reviewEmpty,
  multiline: true,
  trim: true,
  required: K.reviewEmpty,
  max: [REVIEW_TEXT_MAX, K.reviewTooLong],
});
