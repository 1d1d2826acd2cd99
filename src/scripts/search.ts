/**
 * Header search (SPEC §2, §5): the goods/shop toggle switches the GET form between
 * /list?pn= and /shopList?shopName= (and the hot words shown); an empty or all-space keyword
 * is not submitted and a 1 s toast says which name cannot be empty.
 * While the shopper types, the box suggests product or shop names (GET /search/suggest, asked
 * SEARCH_DEBOUNCE_MS after the last key): an ARIA 1.2 combobox with a listbox popup — arrows
 * move through the suggestions, Enter searches the chosen one, Escape closes the list. Switching
 * the toggle (goods ↔ shops) suggests the typed text again in the new kind, the list kept open.
 * Without JavaScript the form still works (goods search by default), without suggestions.
 */
import { showToast } from "../client/toast.ts";
import { SEARCH_DEBOUNCE_MS } from "../lib/catalog/search-rules.ts";
import { TOAST_SHORT_MS } from "../lib/toast-timing.ts";

type SearchType = "goods" | "shop";

interface Suggestion {
  id: number;
  text: string;
}

/** The suggestion list of the box: fetching (debounced, cached, older answers dropped) and keyboard. */
function setupSuggest(
  form: HTMLFormElement,
  input: HTMLInputElement,
  type: () => SearchType,
): { reset(): void; refresh(): void } {
  const list = document.createElement("ul");
  list.id = `${input.id}-suggest`;
  list.className = "sh-suggest";
  list.setAttribute("role", "listbox");
  list.setAttribute("aria-label", form.dataset.suggestLabel ?? "");
  list.dataset.testid = "search-suggest";
  list.hidden = true;
  form.append(list);
  input.setAttribute("role", "combobox");
  input.setAttribute("aria-autocomplete", "list");
  input.setAttribute("aria-expanded", "false");
  input.setAttribute("aria-controls", list.id);

  const cache = new Map<string, Suggestion[]>();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let asked = "";
  let active = -1;
  const options = () => Array.from(list.children) as HTMLElement[];

  const close = () => {
    list.hidden = true;
    input.setAttribute("aria-expanded", "false");
    input.removeAttribute("aria-activedescendant");
    active = -1;
  };
  const highlight = (i: number) => {
    const opts = options();
    active = i;
    opts.forEach((o, k) => o.setAttribute("aria-selected", String(k === i)));
    if (i >= 0 && opts[i]) {
      input.setAttribute("aria-activedescendant", opts[i].id);
      opts[i].scrollIntoView({ block: "nearest" });
    } else input.removeAttribute("aria-activedescendant");
  };
  const choose = (text: string) => {
    input.value = text;
    close();
    form.requestSubmit();
  };
  const show = (items: Suggestion[]) => {
    list.replaceChildren(
      ...items.map((s, i) => {
        const li = document.createElement("li");
        li.id = `${list.id}-${i}`;
        li.setAttribute("role", "option");
        li.setAttribute("aria-selected", "false");
        li.textContent = s.text;
        li.addEventListener("click", () => choose(s.text));
        return li;
      }),
    );
    active = -1;
    input.removeAttribute("aria-activedescendant");
    if (items.length === 0) close();
    else {
      list.hidden = false;
      input.setAttribute("aria-expanded", "true");
    }
  };
  const ask = async (keyword: string) => {
    const key = `${type()} ${keyword}`;
    asked = key;
    let items = cache.get(key);
    if (!items) {
      const base = (import.meta.env.PUBLIC_API_BASE as string | undefined) ?? "/api";
      try {
        const res = await fetch(`${base}/search/suggest?type=${type()}&keyword=${encodeURIComponent(keyword)}`, {
          headers: { "Accept-Language": document.documentElement.lang },
        });
        const body = (await res.json()) as { data?: Suggestion[] };
        items = Array.isArray(body.data) ? body.data : [];
      } catch {
        items = [];
      }
      cache.set(key, items);
    }
    // Only the answer to the latest question is shown, and only while the box has the focus.
    if (asked === key && document.activeElement === input) show(items);
  };

  input.addEventListener("input", () => {
    clearTimeout(timer);
    const keyword = input.value.trim();
    if (!keyword) {
      asked = "";
      close();
      return;
    }
    timer = setTimeout(() => void ask(keyword), SEARCH_DEBOUNCE_MS);
  });
  input.addEventListener("keydown", (e) => {
    const opts = options();
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      if (opts.length === 0) return;
      e.preventDefault();
      if (list.hidden) {
        list.hidden = false;
        input.setAttribute("aria-expanded", "true");
      }
      // Down from the last one and up from the first one go back to the typed text (no option active).
      const n = opts.length;
      if (e.key === "ArrowDown") highlight(active + 1 >= n ? -1 : active + 1);
      else highlight(active === -1 ? n - 1 : active - 1);
    } else if (e.key === "Enter" && !list.hidden && active >= 0 && opts[active]) {
      e.preventDefault();
      choose(opts[active].textContent ?? "");
    } else if (e.key === "Escape" && !list.hidden) {
      e.preventDefault();
      close();
    }
  });
  // A click on a suggestion must not blur the box first.
  list.addEventListener("mousedown", (e) => e.preventDefault());
  input.addEventListener("blur", close);
  const reset = () => {
    clearTimeout(timer);
    asked = "";
    list.replaceChildren();
    close();
  };
  return {
    reset,
    /** The kind of names changed (goods ↔ shops): suggest the typed text again at once, in the new kind. */
    refresh() {
      reset();
      const keyword = input.value.trim();
      if (keyword) void ask(keyword);
    },
  };
}

function setup(root: HTMLElement): void {
  const form = root.querySelector<HTMLFormElement>("[data-search-form]");
  const input = root.querySelector<HTMLInputElement>("[data-search-input]");
  if (!form || !input) return;
  const toggles = Array.from(root.querySelectorAll<HTMLButtonElement>("[data-search-type]"));
  const hotLists = Array.from(root.querySelectorAll<HTMLElement>("[data-hot-type]"));
  let current: SearchType = form.dataset.searchMode === "shop" ? "shop" : "goods";
  const suggestions = setupSuggest(form, input, () => current);

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
    // Pressing the toggle must not blur the box (that would close the suggestions).
    b.addEventListener("mousedown", (e) => {
      if (document.activeElement === input) e.preventDefault();
    });
    b.addEventListener("click", () => {
      const type: SearchType = b.dataset.searchType === "shop" ? "shop" : "goods";
      // Focus first: suggestions are shown only while the box has the focus.
      input.focus();
      if (type !== current) {
        apply(type);
        suggestions.refresh();
      }
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
