/**
 * Product and shop pages: the coupon claim script (coupon-claim.ts) loads on the first
 * interaction with the coupon block, so the page's initial JavaScript stays within its budget.
 */
import { onFirstInteraction } from "./on-interaction.ts";

const root = document.querySelector<HTMLElement>("[data-coupon-block]");
if (root) onFirstInteraction(root, () => import("./coupon-claim.ts"));
