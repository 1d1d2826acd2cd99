/**
 * Image uploads (multipart/form-data, field "file") → {filePath: "/uploads/<folder>/<uuid>.<ext>"}:
 *   POST /p/file/upload          folder "avatar" (the default), "refund", "review", "chat" or
 *                                "store", by query or field
 *   POST /p/file/uploadImFile    chat pictures (SPEC §7): always folder "chat", the same rules as
 *                                /p/file/upload?folder=chat (a folder sent is ignored)
 *   POST /merchant/file/upload   a shop's decoration pictures (merchant token): folder "decoration"
 *   POST /platform/file/upload   the mall's decoration pictures (platform token): folder "decoration"
 * Every stored file gets its owner and size recorded (upload_owners: the buyer, or the shop — 0 for
 * the platform; domain/upload/upload-owner.ts): each form takes only its caller's own uploads. Each
 * upload counts against the owner's and the IP's rate limits and the owner's storage quota
 * (domain/upload/upload-limits.ts; refusals in the request's language, too many: HTTP 429).
 * jpg/png/gif/webp decided by the file's content (magic bytes), at most 2 MB; stored by the storage
 * provider. The body may be a little larger (the multipart envelope; both routes share the upload
 * limit of src/server/http/body-limit.ts): the exact 2 MB check is on the file below.
 */
import { Hono, type Context } from "hono";
import { ResponseCode } from "../../lib/api-types.ts";
import { IMAGE_MAX_BYTES, isUploadFolder, sniffImage, type UploadFolder } from "../domain/upload/upload.ts";
import type { UploadOwner } from "../domain/upload/upload-owner.ts";
import { admitUpload, storeUpload } from "../domain/upload/upload-limits.ts";
import { clientIp, run } from "./kit.ts";
import type { ApiEnv, MerchantEnv } from "./context.ts";
import { requirePlatform } from "./platform-auth.ts";
import { ApiError } from "./envelope.ts";

type Form = Record<string, string | File | (string | File)[]>;

/** Reads the image of the request into `folderOf(c, form)` and answers its public path; refusals are A00001. */
async function receiveImage<E extends ApiEnv | MerchantEnv>(
  c: Context<E>,
  folderOf: (c: Context<E>, form: Form) => string,
  owner: UploadOwner,
): Promise<Response> {
  const fail = (key: string) => new ApiError(ResponseCode.SHOW_FAIL, c.var.t(key));
  if (!(c.req.header("content-type") ?? "").toLowerCase().startsWith("multipart/form-data"))
    throw fail("auth.fileRequired");
  let form: Form;
  try {
    form = await c.req.parseBody({ all: true });
  } catch {
    throw fail("auth.fileRequired");
  }
  const file = Array.isArray(form.file) ? form.file[0] : form.file;
  if (!(file instanceof File) || file.size === 0) throw fail("auth.fileRequired");
  const folder = folderOf(c, form);
  if (!isUploadFolder(folder) && folder !== DECORATION_FOLDER) throw fail("auth.folderInvalid");
  if (file.size > IMAGE_MAX_BYTES) throw fail("auth.imageTooLarge");
  const bytes = new Uint8Array(await file.arrayBuffer());
  const ext = sniffImage(bytes);
  if (!ext) throw fail("auth.imageFormat");
  return run(c, async () => {
    const { db, storage, config } = c.var.app;
    await admitUpload(db, owner, clientIp(c), bytes.length, config.uploadLimits, new Date());
    const filePath = await storeUpload(db, storage, owner, { bytes, ext, folder }, config.uploadLimits.quotaBytes);
    return { filePath };
  });
}

/** The folder asked for by query or field; "avatar" when none. */
function askedFolder(c: Context<ApiEnv>, form: Form): string {
  const folderField = typeof form.folder === "string" ? form.folder : undefined;
  return (c.req.query("folder") ?? folderField ?? "avatar").trim() || "avatar";
}

const CHAT: UploadFolder = "chat";

export const uploadRouter = new Hono<ApiEnv>();

const buyer = (c: Context<ApiEnv>): UploadOwner => ({ userId: c.var.userId ?? null, shopId: null });

uploadRouter.post("/p/file/upload", (c) => receiveImage(c, askedFolder, buyer(c)));

uploadRouter.post("/p/file/uploadImFile", (c) => receiveImage(c, () => CHAT, buyer(c)));

/** Decoration pictures: a shop's (merchant token) and the mall's (platform token). */
const DECORATION_FOLDER = "decoration";

export const decorationUploadRouter = new Hono<MerchantEnv>();

decorationUploadRouter.post("/merchant/file/upload", (c) =>
  receiveImage(c, () => DECORATION_FOLDER, { userId: null, shopId: c.var.shopId }),
);

decorationUploadRouter.post("/platform/file/upload", requirePlatform, (c) =>
  receiveImage(c, () => DECORATION_FOLDER, { userId: null, shopId: 0 }),
);
