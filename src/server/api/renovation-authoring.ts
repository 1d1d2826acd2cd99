/**
 * Authoring renovations (docs/renovation.md): the shop's own (merchant token, /merchant/…) and
 * the mall's (platform token, /platform/…), the same routes with the shop taken from the token:
 *   GET    …/renovations                 list (live, drafts, earlier versions)
 *   POST   …/renovations                 {name, page?, content} → {renovationId, previewUrl}
 *   POST   …/renovations/preview         {name?, content} → {previewUrl, expiresAt}; kept 10 min, saves no draft
 *   GET    …/renovations/{id}            one, with its content and a signed preview link
 *   PUT    …/renovations/{id}            {name, page?, content} (drafts only)
 *   POST   …/renovations/{id}/copy       {name?} → {renovationId} (a new draft)
 *   DELETE …/renovations/{id}            a draft or an earlier version
 *   POST   …/renovations/{id}/publish    the draft (or an earlier version: restore) goes live
 *   POST   …/renovations/{id}/unpublish  the live page is taken off (kept as an earlier version)
 *   POST   …/renovations/{id}/schedule   {startAt?, endAt?}: a window (jobs; renovation-schedule.ts)
 *   DELETE …/renovations/{id}/schedule   cancels the page's window
 *   GET    /merchant/renovations/sources?kind&q  what the studio's pickers offer (the shop's own)
 * PUT takes `baseUpdatedAt` (the updatedAt the editor read): a draft saved by someone else since is
 * refused with a conflict (409) and nothing changes.
 * A refused renovation answers A00001 with the place and the problem in the caller's language.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { localePath } from "../../lib/locale.ts";
import { draftFieldsSchema } from "../../lib/renovation/block-schema.ts";
import { draftPreviewPath, keepDraftPreview } from "../domain/renovation/draft-preview.ts";
import {
  copyRenovation,
  createDraft,
  deleteRenovation,
  listRenovations,
  publishRenovation,
  readRenovation,
  unpublishRenovation,
  updateDraft,
} from "../domain/renovation/renovation-authoring.ts";
import { checkRenovation } from "../domain/renovation/renovation-refs.ts";
import { previewPath } from "../domain/renovation/renovation-preview.ts";
import { cancelSchedule, listWindows, scheduleRenovation } from "../domain/renovation/renovation-schedule.ts";
import { listSources, SOURCE_KINDS } from "../domain/renovation/renovation-sources.ts";
import type { MerchantEnv } from "./context.ts";
import { parse, parseQuery, pathId, readJson, run } from "./kit.ts";
import { requirePlatform } from "./platform-auth.ts";

type C = Context<MerchantEnv>;

const NOT_FOUND = "renovation.authoring.notFound";

const draftRule = draftFieldsSchema.extend({ content: z.unknown() });
const updateRule = draftRule.extend({
  baseUpdatedAt: z.iso.datetime({ offset: true, error: "renovation.schedule.time" }).optional(),
});
const when = z.iso.datetime({ offset: true, error: "renovation.schedule.time" }).nullable().optional();
const scheduleRule = z.object({ startAt: when, endAt: when });
const sourcesRule = z.object({
  kind: z.enum(SOURCE_KINDS, { error: "validation.invalid" }),
  q: z.string().max(60, "validation.tooLong").optional(),
});
const previewRule = z.object({ name: draftFieldsSchema.shape.name.optional(), content: z.unknown() });
const copyRule = z.object({ name: draftFieldsSchema.shape.name.optional() });

/** The body's name and page through `rule`; the content is checked by the domain (with its place). */
async function body<S extends z.ZodType>(c: C, rule: S): Promise<z.infer<S>> {
  return parse(c, rule, await readJson(c), { labels: "renovation" });
}

/** The shop of the route: the merchant token's, or 0 (the mall) on /platform/. */
const shopOf = (c: C): number => (c.req.path.startsWith("/api/platform/") ? 0 : c.var.shopId);

/**
 * A preview link: absolute (SITE_URL; the merchant platform that opens it is another site) and in
 * the request's language (Accept-Language): zh without a prefix, /zh-tw/…, /en/…. The same link
 * with another language's prefix shows that language.
 */
const siteLink = (c: C, path: string) => `${c.var.app.config.siteUrl}${localePath(c.var.locale, path)}`;
const previewUrlOf = (c: C, shopId: number, renovationId: number) =>
  siteLink(c, previewPath(c.var.app.config.previewSecret, renovationId, shopId));

export const renovationAuthoringRouter = new Hono<MerchantEnv>();
renovationAuthoringRouter.use("/platform/renovations", requirePlatform);
renovationAuthoringRouter.use("/platform/renovations/*", requirePlatform);

// The studio's pickers: the shop's own products (by name), categories, coupons, activities, pages, pictures.
renovationAuthoringRouter.get("/merchant/renovations/sources", (c) => {
  const input = parseQuery(c, sourcesRule);
  return run(c, () => listSources(c.var.app.db, c.var.shopId, input.kind, c.var.locale, input.q?.trim() ?? ""));
});

for (const base of ["/merchant/renovations", "/platform/renovations"]) {
  const r = renovationAuthoringRouter;
  r.get(base, (c) =>
    run(c, async () => {
      const [list, windows] = await Promise.all([
        listRenovations(c.var.app.db, shopOf(c)),
        listWindows(c.var.app.db, shopOf(c)),
      ]);
      const byId = new Map(windows.map((w) => [w.renovationId, w]));
      return list.map((d) => ({ ...d, schedule: byId.get(d.renovationId) ?? null }));
    }),
  );

  r.post(base, async (c) => {
    const input = await body(c, draftRule);
    return run(c, async () => {
      const renovationId = await createDraft(c.var.app.db, shopOf(c), input, new Date());
      return { renovationId, previewUrl: previewUrlOf(c, shopOf(c), renovationId) };
    });
  });

  r.post(`${base}/preview`, async (c) => {
    const input = await body(c, previewRule);
    return run(c, async () => {
      const blocks = await checkRenovation(c.var.app.db, shopOf(c), input.content);
      const kept = await keepDraftPreview(c.var.app.db, shopOf(c), input.name ?? "", blocks);
      return {
        previewUrl: siteLink(c, draftPreviewPath(shopOf(c), kept.key)),
        expiresAt: kept.expiresAt.toISOString(),
      };
    });
  });

  r.get(`${base}/:id`, (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    return run(c, async () => ({
      ...(await readRenovation(c.var.app.db, shopOf(c), id)),
      schedule: (await listWindows(c.var.app.db, shopOf(c), [id]))[0] ?? null,
      previewUrl: previewUrlOf(c, shopOf(c), id),
    }));
  });

  r.put(`${base}/:id`, async (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    const input = await body(c, updateRule);
    return run(c, () => updateDraft(c.var.app.db, shopOf(c), id, input, new Date()));
  });

  r.post(`${base}/:id/copy`, async (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    const input = parse(c, copyRule, await readJson(c, { empty: {} }), { labels: "renovation" });
    return run(c, async () => ({
      renovationId: await copyRenovation(c.var.app.db, shopOf(c), id, new Date(), input.name),
    }));
  });

  r.delete(`${base}/:id`, (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    return run(c, async () => {
      await cancelSchedule(c.var.app.db, shopOf(c), id);
      await deleteRenovation(c.var.app.db, shopOf(c), id);
      return null;
    });
  });

  r.post(`${base}/:id/publish`, (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    return run(c, () => publishRenovation(c.var.app.db, shopOf(c), id, new Date()).then(() => null));
  });

  r.post(`${base}/:id/unpublish`, (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    return run(c, () => unpublishRenovation(c.var.app.db, shopOf(c), id, new Date()).then(() => null));
  });

  r.post(`${base}/:id/schedule`, async (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    const input = await body(c, scheduleRule);
    const at = (v: string | null | undefined) => (v ? new Date(v) : null);
    return run(c, () =>
      scheduleRenovation(
        c.var.app.db,
        shopOf(c),
        id,
        { startAt: at(input.startAt), endAt: at(input.endAt) },
        new Date(),
      ),
    );
  });

  r.delete(`${base}/:id/schedule`, (c) => {
    const id = pathId(c, "id", NOT_FOUND);
    return run(c, () => cancelSchedule(c.var.app.db, shopOf(c), id).then(() => null));
  });
}
