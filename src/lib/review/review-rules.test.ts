import { describe, expect, it } from "vitest";
import { evaluateOf, hasControlChars, reviewReplyRule, reviewSubmitRule } from "./review-rules.ts";
import { ruleError } from "../rule-kit.ts";

const ok = { orderItemId: 3, score: 5, content: "  good  ", pics: [], isAnonymous: 0 };

describe("review rules", () => {
  it("evaluate from the score", () => {
    expect([5, 4, 3, 2, 1].map(evaluateOf)).toEqual([0, 0, 1, 2, 2]);
  });
  it("accepts a good review and trims the text", () => {
    const r = reviewSubmitRule.parse({
      ...ok,
      pics: "/uploads/review/a.png,/uploads/review/b.png",
      isAnonymous: true,
      score: "4",
    });
    expect(r).toEqual({
      orderItemId: 3,
      score: 4,
      content: "good",
      pics: ["/uploads/review/a.png", "/uploads/review/b.png"],
      isAnonymous: 1,
    });
  });
  it("refuses bad scores, empty or long text, control characters, too many photos", () => {
    expect(ruleError(reviewSubmitRule, { ...ok, score: 0 })).toBe("review.scoreInvalid");
    expect(ruleError(reviewSubmitRule, { ...ok, score: 6 })).toBe("review.scoreInvalid");
    expect(ruleError(reviewSubmitRule, { ...ok, score: 4.5 })).toBe("review.scoreInvalid");
    expect(ruleError(reviewSubmitRule, { ...ok, content: "   " })).toBe("rules.reviewEmpty");
    expect(ruleError(reviewSubmitRule, { ...ok, content: "x".repeat(151) })).toBe("rules.reviewTooLong");
    expect(ruleError(reviewSubmitRule, { ...ok, content: "x".repeat(150) })).toBeNull();
    expect(ruleError(reviewSubmitRule, { ...ok, content: "a\u0000b" })).toBe("rules.controlChars");
    expect(ruleError(reviewSubmitRule, { ...ok, pics: Array(10).fill("/uploads/review/a.png") })).toBe(
      "review.tooManyPics",
    );
    expect(ruleError(reviewSubmitRule, { ...ok, pics: Array(9).fill("/uploads/review/a.png") })).toBeNull();
    expect(ruleError(reviewSubmitRule, { ...ok, orderItemId: "x" })).toBe("review.itemRequired");
  });
  it("line breaks are text, not control characters", () => {
    expect(hasControlChars("a\nb\tc")).toBe(false);
    expect(hasControlChars("a\u001bb")).toBe(true);
  });
  it("replies: 1-200 characters", () => {
    expect(ruleError(reviewReplyRule, { content: " " })).toBe("review.replyEmpty");
    expect(ruleError(reviewReplyRule, { content: "x".repeat(201) })).toBe("review.replyTooLong");
    expect(ruleError(reviewReplyRule, { content: "Thanks!" })).toBeNull();
  });
});
