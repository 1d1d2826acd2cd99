/**
 * Flow analysis (visit tracking, CONTRACT §11, SPEC §3/§9): the visit-log body shared by the
 * browser tracker (src/client/) and the API (POST /flowAnalysisLog, POST /p/flowAnalysisLog),
 * and the session rule: a new uuidSession after 30 minutes without activity. docs/flow-analysis.md
 * lists the page ids. The zod-free parts (page ids, types, nextSession) live in ./flow-session.ts
 * (the browser tracker imports that, so zod stays out of the page bundle) and are re-exported here.
 */
import { z } from "zod";
import { FLOW_PAGE_ID_MAX } from "./flow-session.ts";

export { FlowPageId, FlowBizType, nextSession } from "./flow-session.ts";

/** The largest accepted body of a visit log (bytes). */
export const FLOW_LOG_MAX_BYTES = 8 * 1024;

const ID_PATTERN = /^[A-Za-z0-9_-]+$/;
const ident = z
  .string({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.invalid") })
  .trim()
  .min(1, "validation.required")
  .max(64, "validation.tooLong")
  .regex(ID_PATTERN, "validation.invalid");
const blank = (v: unknown) => (v === "" || v === null ? undefined : v);
const int = (min: number, max: number) =>
  z
    .number({ error: (iss) => (iss.input === undefined ? "validation.required" : "validation.invalid") })
    .int("validation.notInteger")
    .min(min, "validation.outOfRange")
    .max(max, "validation.outOfRange");
/** A number that may arrive as a JSON number or a digit string. */
const toInt = (v: unknown) => {
  const b = blank(v);
  return typeof b === "string" && /^\s*-?\d+\s*$/.test(b) ? Number(b) : b;
};
const intInput = (min: number, max: number) => z.preprocess(toInt, int(min, max));
const optIntInput = (min: number, max: number) => z.preprocess(toInt, int(min, max).optional());
/** bizData / orderNumbers may be sent as numbers (prodId) or strings. */
const text = (max: number) =>
  z.preprocess(
    (v) => {
      const b = blank(v);
      return typeof b === "number" && Number.isFinite(b) ? String(b) : b;
    },
    z.string({ error: "validation.invalid" }).max(max, "validation.tooLong").optional(),
  );

/** FlowAnalysisLogDto (CONTRACT §11). Unknown keys are ignored. */
export const flowAnalysisLogSchema = z.object({
  uuid: ident,
  uuidSession: ident,
  step: intInput(1, 1_000_000),
  pageId: intInput(1, FLOW_PAGE_ID_MAX),
  prevPageId: optIntInput(0, FLOW_PAGE_ID_MAX),
  bizType: optIntInput(0, 2),
  bizData: text(200),
  systemType: z.preprocess(toInt, int(1, 5).default(1)),
  visitType: z.preprocess(toInt, int(1, 4).default(1)),
  nums: optIntInput(0, 100_000),
  orderNumbers: text(500),
});
export type FlowAnalysisLog = z.infer<typeof flowAnalysisLogSchema>;
export type FlowAnalysisLogInput = z.input<typeof flowAnalysisLogSchema>;
