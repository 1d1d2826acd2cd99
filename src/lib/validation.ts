/**
 * Validation rules (SPEC §5) shared by forms in the browser and the API. Messages are i18n keys
 * under `validation.*`; the field label key is carried in the issue path and translated by the
 * caller (server: src/server/api/app.ts; browser: the form).
 */
import { z } from "zod";

/** A positive integer id given in a query string or path (e.g. "12"). */
export const idParam = z.coerce.number({ error: "validation.invalid" }).int("validation.notInteger").positive("validation.outOfRange").max(2_147_483_647, "validation.outOfRange");

/** An optional id where empty or absent means "none" (e.g. parentId for top-level categories). */
export const optionalIdParam = z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number({ error: "validation.invalid" }).int("validation.notInteger").min(0, "validation.outOfRange").max(2_147_483_647, "validation.outOfRange").optional());

/** Paging: current (1-based, default 1), size (default 10, at most 100). */
export const pageParams = z.object({
  current: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number({ error: "validation.invalid" }).int("validation.notInteger").min(1, "validation.outOfRange").max(100000, "validation.outOfRange").default(1)),
  size: z.preprocess((v) => (v === "" || v == null ? undefined : v), z.coerce.number({ error: "validation.invalid" }).int("validation.notInteger").min(1, "validation.outOfRange").max(100, "validation.outOfRange").default(10)),
});

/** Search keyword: trimmed; empty or all spaces is refused (SPEC §5). */
export const keyword = z.string().trim().min(1, "validation.required").max(50, "validation.tooLong");

/** Default messages of zod's own checks mapped to our keys. */
export function messageKeyOf(issue: { code: string; message: string }): string {
  if (issue.message.startsWith("validation.")) return issue.message;
  switch (issue.code) {
    case "too_big": return "validation.outOfRange";
    case "too_small": return "validation.outOfRange";
    case "invalid_type": return "validation.invalid";
    default: return "validation.invalid";
  }
}
