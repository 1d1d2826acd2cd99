/**
 * Image uploads (POST /p/file/upload): the format is decided by the file's first bytes (magic
 * numbers), never by its name or Content-Type; at most 2 MB, 10 MB from shops (SPEC §5/§9,
 * src/lib/image/upload-limits.ts); then the image pipeline verifies it (domain/image).
 */
/**
 * Folders a buyer may upload into, one per feature that takes pictures: avatar (profile),
 * refund (return vouchers), review (review photos), chat (chat pictures), store (a store
 * application's shop logo), identity (a store application's business licence and ID card: private,
 * private-upload.ts). Every folder takes the same images.
 */
export const UPLOAD_FOLDERS = ["avatar", "refund", "review", "chat", "store", "identity"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export function isUploadFolder(s: string): s is UploadFolder {
  return (UPLOAD_FOLDERS as readonly string[]).includes(s);
}

/** Whether `p` is a public path the upload endpoint answers for `folder` ("/uploads/review/<uuid>.png"). */
export function isUploadedPath(p: string, folder: UploadFolder): boolean {
  return new RegExp(`^/uploads/${folder}/[0-9a-f-]{36}\\.(?:jpg|png|gif|webp)$`).test(p);
}

/** The names upload routes give their files (storage.save: "/uploads/<folder>/<uuid>.<ext>"); the seed's named files do not match. */
export const STORED_UPLOAD_NAME =
  "/uploads/[a-z0-9][a-z0-9_-]*/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\\.[a-z0-9]+";
const STORED_UPLOAD_RE = new RegExp(`^${STORED_UPLOAD_NAME}$`);

/** Whether `p` is the path of a file an upload route stored (not a seed picture or an outside URL). */
export function isStoredUpload(p: string): boolean {
  return STORED_UPLOAD_RE.test(p);
}
