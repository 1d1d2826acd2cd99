/**
 * POST /p/file/upload (multipart/form-data, field "file"; folder "avatar" by query or field,
 * the default) → {filePath: "/uploads/avatar/<uuid>.<ext>"}. jpg/png/gif/webp decided by the
 * file's content (magic bytes), at most 2 MB; stored by the storage provider. The body may be a
 * little larger (the multipart envelope; src/server/http/body-limit.ts): the exact 2 MB check is
 * on the file below.
 */
import { Hono } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { IMAGE_MAX_BYTES, isUploadFolder, sniffImage } from "../domain/upload/upload.ts";
import type { ApiEnv } from "./context.ts";
import { ApiError, ok } from "./envelope.ts";

export const uploadRouter = new Hono<ApiEnv>();

uploadRouter.post("/p/file/upload", async (c) => {
  const fail = (key: string) => new ApiError(ResponseCode.SHOW_FAIL, c.var.t(key));
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    throw fail("auth.fileRequired");
  let form: Record<string, string | File | (string | File)[]>;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw fail("auth.fileRequired");
  }
  const file = Array.isArray(form.file) ? form.file[0] : form.file;
  if (!(file instanceof File) || file.size === 0) throw fail("auth.fileRequired");
  const folderField = typeof form.folder === "string" ? form.folder : undefined;
  const folder = (c.req.query("folder") ?? folderField ?? "avatar").trim() || "avatar";
  if (!isUploadFolder(folder)) throw fail("auth.folderInvalid");
  if (file.size > IMAGE_MAX_BYTES) throw fail("auth.imageTooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw fail("auth.imageFormat");
  const filePath = await c.var.app.storage.save(bytes, ext, folder);
  return ok(c, { filePath });
});
