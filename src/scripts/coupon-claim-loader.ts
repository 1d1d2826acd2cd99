/**
 * Product and shop pages: the coupon claim script (coupon-claim.ts) loads on the first
 * interaction with a coupon block, so the page's initial JavaScript stays within its budget.
 */
import { onFirstInteraction } from "./on-interaction.ts";

const load = () => import("./coupon-claim.ts");
for (const root of document.querySelectorAll<HTMLElement>("[data-coupon-block]")) onFirstInteraction(root, load);
