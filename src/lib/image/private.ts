/**
 * Which uploads are private (docs/image.md "Private pictures"): the documents of a store
 * application (folder "identity") and the shops' invoice files ("invoice"). Shared by the server
 * (answers them only to their owner and the platform, makes no variants) and the islands (show
 * them as they are, at their owner-only URL, and never ask GET /api/pictures about them).
 */

/** The folders whose files only their owner and the platform may read. */
export const PRIVATE_FOLDERS = ["identity", "invoice"] as const;

const PRIVATE_PATH = new RegExp(`^/uploads/(?:seed/)?(?:${PRIVATE_FOLDERS.join("|")})/`);

/** Whether files stored in `folder` are private. */
export function isPrivateFolder(folder: string): boolean {
  return (PRIVATE_FOLDERS as readonly string[]).includes(folder);
}

/** Whether the public path `p` names a private upload (also a name derived from one, such as a variant's). */
export function isPrivateUpload(p: string): boolean {
  return PRIVATE_PATH.test(p);
}

/** The width of a private picture's preview (a form's thumbnail, the platform's list; at 2× density up to 240 CSS px). */
export const PRIVATE_PREVIEW_WIDTH = 480;

/** A stored private picture: an upload's own name (a uuid), never a name derived from one such as a preview's. */
const PRIVATE_RASTER = /\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(?:jpg|png|gif|webp)$/;
const PREVIEW_SUFFIX = `-preview-${PRIVATE_PREVIEW_WIDTH}.webp`;

/**
 * The address of the preview of the private picture at `src` (docs/image.md "Private pictures"):
 * one WebP at most 480 px wide, without metadata, answered to the same readers as the picture
 * (its owner and the platform). A private file that is not a stored picture (the demo's vector
 * documents, an invoice PDF) is its own preview; any other path is returned as it is. Only a
 * stored upload's own name has a preview (not a preview's: no preview of a preview).
 */
export function privatePreviewPath(src: string): string {
  return isPrivateUpload(src) && PRIVATE_RASTER.test(src) ? `${src}${PREVIEW_SUFFIX}` : src;
}

/** The private picture whose preview `p` names, or null when `p` is not a preview's address. */
export function privatePreviewSource(p: string): string | null {
  if (!p.endsWith(PREVIEW_SUFFIX)) return null;
  const source = p.slice(0, -PREVIEW_SUFFIX.length);
  return isPrivateUpload(source) && PRIVATE_RASTER.test(source) ? source : null;
}
