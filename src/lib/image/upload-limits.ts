/** How large an uploaded picture may be (SPEC §5, §9; docs/image.md). */

/** A buyer's picture (avatar, review and refund photos, chat): 2 MB. */
export const IMAGE_MAX_BYTES = 2 * 1024 * 1024;
/** Pictures a shop or the platform uploads (renovations, product photos): 10 MB (SPEC §5/§9; docs/decisions.md). */
export const MERCHANT_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
