/**
 * Header search (SPEC §2, §5): the goods/shop toggle switches the GET form between
 * /list?pn= and /shopList?shopName= (and the hot words shown); an empty or all-space keyword
 * is not submitted and a 1 s toast says which name cannot be empty.
 * Without JavaScript the form still works (goods search by default).
 */
import { showToast } from "../client/toast.ts";
import { TOAST_SHORT_MS } from "../lib/constants.ts";

type SearchType = "goods" | "shop";

function setup(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("[data-search-form]");
  const input = root.querySelector<HTMLInputElement>("[data-search-input]");
  if (!form || !input) return;
  const toggles = Array.from(root.querySelectorAll<HTMLButtonElement>("[data-search-type]"));
  const hotLists = Array.from(root.querySelectorAll<HTMLElement>("[data-hot-type]"));
  let current: SearchType = form.dataset.searchMode === "shop" ? "shop" : "goods";

  const apply = (type: SearchType) => {
    current = type;
    form.action = (type === "shop" ? form.dataset.actionShop : form.dataset.actionGoods) ?? form.action;
    input.name = type === "shop" ? "shopName" : "pn";
    input.placeholder = (type === "shop" ? form.dataset.placeholderShop : form.dataset.placeholderGoods) ?? "";
    form.dataset.searchMode = type;
    for (const b of toggles) b.setAttribute("aria-pressed", String(b.dataset.searchType === type));
    for (const l of hotLists) l.hidden = l.dataset.hotType !== type;
  };

  for (const b of toggles) {
    b.addEventListener("click", () => {
      const type: SearchType = b.dataset.searchType === "shop" ? "shop" : "goods";
      if (type !== current) apply(type);
      input.focus();
    });
  }

  form.addEventListener("submit", (e) => {
    const keyword = input.value.trim();
    if (!keyword) {
      e.preventDefault();
      const message = current === "shop" ? form.dataset.emptyShop : form.dataset.emptyGoods;
      if (message) showToast(message, { duration: TOAST_SHORT_MS });
      input.value = "";
      input.focus();
      return;
    }
    input.value = keyword;
  });
}

document.querySelectorAll<HTMLElement>("[data-search]").forEach(setup);
