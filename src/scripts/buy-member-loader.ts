/** /member-center/buy-member: the buying script (buy-member.ts) loads on the first interaction with the form. */
import { onFirstInteraction } from "./on-interaction.ts";

const root = document.querySelector<HTMLElement>("[data-buy-member]");
if (root) onFirstInteraction(root, () => import("./buy-member.ts"));
