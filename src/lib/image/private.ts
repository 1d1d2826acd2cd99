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
