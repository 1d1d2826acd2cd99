/**
 * Image uploads (POST /p/file/upload): the format is decided by the file's first bytes (magic
 * numbers), never by its name or Content-Type; at most 2 MB, 10 MB from shops (SPEC §5/§9,
 * src/lib/constants.ts); then the image pipeline verifies it (domain/image).
 */
/**
 * Folders a buyer may upload into, one per feature that takes pictures: avatar (profile),
 * refund (return vouchers), review (review photos), chat (chat pictures), store (store
 * application documents). The folder only sorts the files; every folder takes the same images.
 */
export const UPLOAD_FOLDERS = ["avatar", "refund", "review", "chat", "store"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export type ImageExt = "jpg" | "png" | "gif" | "webp";

function startsWith(bytes: Uint8Array, sig: number[], offset = 0): boolean {
  if (bytes.length < offset + sig.length) return false;
  return sig.every((b, i) => bytes[offset + i] === b);
}

const ascii = (s: string) => [...s].map((ch) => ch.charCodeAt(0));

/** The image type of `bytes` by content: JPEG, PNG, GIF (87a/89a) or WebP; null for anything else. */
export function sniffImage(bytes: Uint8Array): ImageExt | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "webp";
  return null;
}

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
