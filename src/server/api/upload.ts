/**
 * Image uploads (multipart/form-data, field "file") → {filePath: "/uploads/<folder>/<uuid>.<ext>"}:
 *   POST /p/file/upload          folder "avatar" (the default), "refund", "review", "chat",
 *                                "store" (shop logo) or "identity" (business licence, ID card:
 *                                private, domain/upload/private-upload.ts), by query or field
 *   POST /p/file/uploadImFile    chat pictures (SPEC §7): always folder "chat", the same rules as
 *                                /p/file/upload?folder=chat (a folder sent is ignored)
 *   POST /merchant/file/upload   a shop's renovation pictures (merchant token): folder "decoration"
 *   POST /platform/file/upload   the mall's renovation pictures (platform token): folder "decoration"
 * Every stored file gets its owner and size recorded (upload_owners: the buyer, or the shop — 0 for
 * the platform; domain/upload/upload-owner.ts): each form takes only its caller's own uploads. Each
 * upload counts against the owner's and the IP's rate limits and the owner's storage quota
 * (domain/upload/upload-limits.ts; refusals in the request's language, too many: HTTP 429).
 * jpg/png/gif/webp decided by the file's content (magic bytes), at most 2 MB from buyers and 10 MB
 * from shops and the platform (docs/decisions.md "Upload limits"), then verified, turned upright
 * and stripped of its metadata by the image pipeline (domain/image/image-pipeline.ts) before it is
 * stored; animation only in chat pictures (within a budget of frames; its ladder is animated WebP
 * and GIF). The picture is recorded in the table images and the
 * background worker makes its ladder of variants (docs/image.md); a private picture (folder
 * "identity") gets no public variants and is served only to its owner and the platform. The body may be a little larger
 * (the multipart envelope; src/server/http/body-limit.ts): the exact check is on the file below.
 */
import { Hono, type Context } from "hono";
import { z } from "zod";
import { ResponseCode } from "../../lib/api-types.ts";
import { IMAGE_MAX_BYTES, MERCHANT_IMAGE_MAX_BYTES } from "../../lib/image/upload-limits.ts";
import { normalizeUpload } from "../domain/image/image-pipeline.ts";
import { recordImage } from "../domain/image/image-store.ts";
import { wakeImageWorker } from "../domain/image/image-worker.ts";
import { isPrivateFolder } from "../../lib/image/private.ts";
import { isUploadFolder, type UploadFolder } from "../domain/upload/upload.ts";
import type { UploadOwner } from "../domain/upload/upload-owner.ts";
import { admitUpload, storeUpload } from "../domain/upload/upload-limits.ts";
import { clientIp, parseQuery, readForm, run } from "./kit.ts";
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
    throw fail("upload.fileRequired");
  let form: Form;
  try {
    form = (await readForm(c, { all: true })) as Form;
  } catch {
    throw fail("upload.fileRequired");
  }
  const file = Array.isArray(form.file) ? form.file[0] : form.file;
  if (!(file instanceof File) || file.size === 0) throw fail("upload.fileRequired");
  const folder = folderOf(c, form);
  if (!isUploadFolder(folder) && folder !== RENOVATION_FOLDER) throw fail("upload.folderInvalid");
  const merchant = owner.userId === null;
  if (file.size > (merchant ? MERCHANT_IMAGE_MAX_BYTES : IMAGE_MAX_BYTES))
    throw fail(merchant ? "upload.imageTooLargeMerchant" : "upload.imageTooLarge");
  const input = new Uint8Array(await file.arrayBuffer());
  return run(c, async () => {
    const { db, storage, config } = c.var.app;
    // Verified and re-encoded before anything is counted or stored: a refusal changes nothing.
    const image = await normalizeUpload(input, { allowAnimation: folder === CHAT });
    await admitUpload(db, owner, clientIp(c), image.bytes.length, config.uploadLimits, new Date());
    const filePath = await storeUpload(
      db,
      storage,
      owner,
      { bytes: image.bytes, ext: image.ext, folder },
      config.uploadLimits.quotaBytes,
      // A private picture gets no public variants: nothing for the worker.
      isPrivateFolder(folder) ? undefined : (tx, path) => recordImage(tx, path, image, image.animated),
    );
    if (!isPrivateFolder(folder)) wakeImageWorker();
    return { filePath };
  });
}

const folderQuery = z.object({ folder: z.string().optional() });

/** The folder asked for by query or field; "avatar" when none. */
function askedFolder(c: Context<ApiEnv>, form: Form): string {
  const folderField = typeof form.folder === "string" ? form.folder : undefined;
  return (parseQuery(c, folderQuery).folder ?? folderField ?? "avatar").trim() || "avatar";
}

const CHAT: UploadFolder = "chat";

export const uploadRouter = new Hono<ApiEnv>();

const buyer = (c: Context<ApiEnv>): UploadOwner => ({ userId: c.var.userId ?? null, shopId: null });

uploadRouter.post("/p/file/upload", (c) => receiveImage(c, askedFolder, buyer(c)));

uploadRouter.post("/p/file/uploadImFile", (c) => receiveImage(c, () => CHAT, buyer(c)));

/** Renovation pictures: a shop's (merchant token) and the mall's (platform token). */
const RENOVATION_FOLDER = "decoration";

export const renovationUploadRouter = new Hono<MerchantEnv>();

renovationUploadRouter.post("/merchant/file/upload", (c) =>
  receiveImage(c, () => RENOVATION_FOLDER, { userId: null, shopId: c.var.shopId }),
);

renovationUploadRouter.post("/platform/file/upload", requirePlatform, (c) =>
  receiveImage(c, () => RENOVATION_FOLDER, { userId: null, shopId: 0 }),
);
