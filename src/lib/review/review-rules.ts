/**
 * Review rules (SPEC §5, CONTRACT §5.2) shared by the /write-comments form and POST /p/prodComm:
 * score 1-5, text 1..150 characters (trimmed, no control characters), at most 9 photos (paths
 * the upload endpoint answered), anonymous flag. Messages are i18n keys ("rules.*", "review.*").
 */
import { z } from "zod";
import { REVIEW_PHOTOS_MAX } from "./review-form.ts";
import { reviewTextRule } from "../rule-schemas.ts";
import { hasControlChars as hasTextControlChars } from "../text-rules.ts";

export const REVIEW_KEYS = {
  scoreInvalid: "review.scoreInvalid",
  tooManyPics: "review.tooManyPics",
  badPic: "review.badPic",
  controlChars: "review.controlChars",
  itemRequired: "review.itemRequired",
  replyEmpty: "review.replyEmpty",
  replyTooLong: "review.replyTooLong",
} as const;

/** A shop's reply: 1..200 characters. */
export const REVIEW_REPLY_MAX = 200;

/** C0/C1 control characters except tab and line breaks (the shared rule: src/lib/text-rules.ts). */
export function hasControlChars(s: string): boolean {
  return hasTextControlChars(s, true);
}

/** "a,b" or ["a","b"] → ["a","b"] (empty parts dropped); anything else is left for zod to refuse. */
export function picList(v: unknown): unknown {
  if (v === undefined || v === null || v === "") return [];
  if (typeof v === "string")
    return v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  return v;
}

const flag = z.preprocess(
  (v) =>
    v === true || v === "1" || v === 1
      ? 1
      : v === false || v === "0" || v === 0 || v === undefined || v === null
        ? 0
        : v,
  z.union([z.literal(0), z.literal(1)], { error: "validation.invalid" }),
);

/** The review form / POST /p/prodComm body. `pics` are checked by the server to be uploads. */
export const reviewSubmitRule = z.object({
  orderItemId: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: REVIEW_KEYS.itemRequired })
      .int(REVIEW_KEYS.itemRequired)
      .min(1, REVIEW_KEYS.itemRequired)
      .max(2_147_483_647, REVIEW_KEYS.itemRequired),
  ),
  score: z.preprocess(
    (v) => (typeof v === "string" && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: REVIEW_KEYS.scoreInvalid })
      .int(REVIEW_KEYS.scoreInvalid)
      .min(1, REVIEW_KEYS.scoreInvalid)
      .max(5, REVIEW_KEYS.scoreInvalid),
  ),
  content: reviewTextRule.refine((s) => !hasControlChars(s), REVIEW_KEYS.controlChars),
  pics: z.preprocess(
    picList,
    z
      .array(z.string({ error: REVIEW_KEYS.badPic }).max(200, REVIEW_KEYS.badPic), { error: REVIEW_KEYS.badPic })
      .max(REVIEW_PHOTOS_MAX, REVIEW_KEYS.tooManyPics),
  ),
  isAnonymous: flag,
});
export type ReviewSubmitInput = z.infer<typeof reviewSubmitRule>;
/** What the browser sends (POST /p/prodComm). */
export type ReviewSubmitBody = z.input<typeof reviewSubmitRule>;

/** The shop's reply text. */
export const reviewReplyRule = z.object({
  content: z
    .string({ error: REVIEW_KEYS.replyEmpty })
    .trim()
    .min(1, { error: REVIEW_KEYS.replyEmpty, abort: true })
    .max(REVIEW_REPLY_MAX, REVIEW_KEYS.replyTooLong)
    .refine((s) => !hasControlChars(s), REVIEW_KEYS.controlChars),
});

/** evaluate (CONTRACT §5.2) from the score: 4-5 good (0), 3 medium (1), 1-2 bad (2). */
export function evaluateOf(score: number): 0 | 1 | 2 {
  if (score >= 4) return 0;
  if (score === 3) return 1;
  return 2;
}
