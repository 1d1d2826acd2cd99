/**
 * The renovation studio's calls to the merchant API ([renovation.md](../../../docs/renovation.md)
 * "The studio"): a shop signs in with its store account and authors its decorated pages. Every
 * call but the sign-in carries the shop's token (the studio keeps it per tab). The calls go
 * through the one API client (src/client/api.ts: envelope, Accept-Language of the page), in an
 * instance of its own: the buyer's token is neither sent nor dropped, no login popup opens and no
 * toast shows — a refusal rejects with ApiError (its message, code and data: the place of a
 * refused block, or a save's conflict) and the studio shows it where it belongs.
 */
import type { z } from "zod";
import type { draftFieldsSchema } from "../../lib/renovation/block-schema.ts";
import type {
  RenovationDetail,
  RenovationSummary,
  RenovationWindow,
  RenovationBlock,
  SourceOption,
} from "../../lib/renovation/renovation-types.ts";
import { createApiClient, type RequestOptions } from "../api.ts";

const api = createApiClient({ token: () => null, clearToken: () => {}, onUnauthorized: () => {} });

/** The shop's token on a call, and no toast: the studio shows every refusal itself. */
const as = (token: string): RequestOptions => ({ headers: { Authorization: token }, silent: true });

/** The answer of the merchant sign-in. */
export interface MerchantSignInDto {
  accessToken: string;
  expiresIn: number;
  shopId: number;
}

/** A page of the studio's list: the decoration and its window, if one is scheduled. */
export type DecorationRow = RenovationSummary & { schedule: RenovationWindow | null };

/** A draft as the studio sends it: name and page (the router's rule), the blocks as composed. */
export type DraftBody = z.input<typeof draftFieldsSchema> & { content: RenovationBlock[] };

/** POST /merchant/login: the store account's sign-in. */
export function merchantSignIn(username: string, password: string): Promise<MerchantSignInDto> {
  return api.post<MerchantSignInDto>("/merchant/login", { username, password }, { silent: true });
}

/** GET /merchant/renovations: the shop's pages (live, drafts, earlier versions) with their windows. */
export function listRenovations(token: string): Promise<DecorationRow[]> {
  return api.get<DecorationRow[]>("/merchant/renovations", undefined, as(token));
}

/** GET /merchant/renovations/{id}: one page with its blocks. */
export function getDecoration(token: string, id: number): Promise<RenovationDetail> {
  return api.get<RenovationDetail>(`/merchant/renovations/${id}`, undefined, as(token));
}

/** POST /merchant/renovations: a new draft. */
export function createDraft(token: string, body: DraftBody): Promise<{ renovationId: number }> {
  return api.post<{ renovationId: number }>("/merchant/renovations", body, as(token));
}

/** PUT /merchant/renovations/{id}: saves a draft; with `baseUpdatedAt`, refused (a conflict) when someone saved since. */
export function saveDraft(
  token: string,
  id: number,
  body: DraftBody & { baseUpdatedAt?: string },
): Promise<{ updatedAt: string }> {
  return api.put<{ updatedAt: string }>(`/merchant/renovations/${id}`, body, as(token));
}

/** POST /merchant/renovations/preview: the storefront's rendering of unsaved blocks (a link kept 10 min). */
export function previewDraft(token: string, body: { name: string; content: RenovationBlock[] }): Promise<{ previewUrl: string }> {
  return api.post<{ previewUrl: string }>("/merchant/renovations/preview", body, as(token));
}

/** POST /merchant/renovations/{id}/copy: a new draft from a live page or an earlier version. */
export function copyRenovation(token: string, id: number): Promise<{ renovationId: number }> {
  return api.post<{ renovationId: number }>(`/merchant/renovations/${id}/copy`, {}, as(token));
}

/** DELETE /merchant/renovations/{id}: a draft or an earlier version. */
export function deleteRenovation(token: string, id: number): Promise<null> {
  return api.del<null>(`/merchant/renovations/${id}`, undefined, as(token));
}

/** POST /merchant/renovations/{id}/publish: the draft (or an earlier version: restore) goes live. */
export function publishRenovation(token: string, id: number): Promise<null> {
  return api.post<null>(`/merchant/renovations/${id}/publish`, {}, as(token));
}

/** POST /merchant/renovations/{id}/unpublish: the live page is taken off. */
export function unpublishRenovation(token: string, id: number): Promise<null> {
  return api.post<null>(`/merchant/renovations/${id}/unpublish`, {}, as(token));
}

/** POST /merchant/renovations/{id}/schedule: a window (ISO times; null: open). */
export function scheduleRenovation(
  token: string,
  id: number,
  window: { startAt: string | null; endAt: string | null },
): Promise<null> {
  return api.post<null>(`/merchant/renovations/${id}/schedule`, window, as(token));
}

/** GET /merchant/renovations/sources?kind&q: what the studio's pickers offer (the shop's own). */
export function listSources(token: string, kind: string, q = ""): Promise<SourceOption[]> {
  return api.get<SourceOption[]>("/merchant/renovations/sources", { kind, q }, as(token));
}

/** POST /merchant/file/upload: a decoration picture; answers its stored path. */
export async function uploadDecorationPicture(token: string, file: File): Promise<string> {
  const form = new FormData();
  form.set("file", file);
  return (await api.post<{ filePath: string }>("/merchant/file/upload", form, as(token))).filePath;
}
