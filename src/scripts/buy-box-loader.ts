/**
 * Loads the buy box script (buy-box.ts: SKU choice, quantity, add to cart, buy now, collect) on
 * the first interaction with the buy box (on-interaction.ts); the server HTML already shows the
 * default SKU's price and stock. Logged-in visitors load it at once: it reads their collection
 * state and records the footprint.
 */
import { getToken } from "../client/token.ts";
import { onFirstInteraction } from "./on-interaction.ts";

const root = document.querySelector<HTMLElement>("[data-buy-box]");
if (root) {
  const box = root;
  const loader = onFirstInteraction(box, () => import("./buy-box.ts").then(({ start }) => start(box)));
  if (getToken()) void loader.now();
}
