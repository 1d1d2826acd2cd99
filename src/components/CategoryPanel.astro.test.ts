/**
 * The category panel's empty states, rendered with Astro's container API on a stubbed category
 * tree: no category at all ("no category"), and a first- or second-level item without children
 * ("no subcategories"), in the three locales; and a kept panel is answered without running its content.
 */
import { experimental_AstroContainer as AstroContainer } from "astro/container";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { getT } from "../i18n/index.ts";
import type { CategoryNode } from "../lib/api-types.ts";
import { LOCALES, type Locale } from "../lib/locale.ts";
import CategoryPanel from "./CategoryPanel.astro";

const tree = vi.hoisted(() => ({ current: [] as CategoryNode[], reads: 0, kept: null as string | null }));

vi.mock("../server/context.ts", () => ({
  getAppContext: () => ({
    content: {
      categoryTree: () => {
        tree.reads++;
        return Promise.resolve(tree.current);
      },
      // The read models' fragment: the kept HTML when there is one (tree.kept), else a render.
      fragment: (_key: string, _tags: string[], render: () => Promise<string>) =>
        tree.kept !== null ? Promise.resolve(tree.kept) : render(),
    },
  }),
}));

const node = (categoryId: number, parentId: number, categoryName: string, categories: CategoryNode[] = []) => ({
  categoryId,
  parentId,
  categoryName,
  pic: "",
  icon: "",
  seq: 0,
  grade: parentId === 0 ? 0 : 1,
  status: 1,
  categories,
});

let container: AstroContainer;
beforeAll(async () => {
  container = await AstroContainer.create();
});
beforeEach(() => {
  tree.current = [];
  tree.reads = 0;
  tree.kept = null;
});

/** The panel's HTML without the source-location attributes of the dev build. */
const render = async (locale: Locale) =>
  (
    await container.renderToString(CategoryPanel, {
      props: {},
      locals: { locale, t: getT(locale), pathNoLocale: "/" },
    })
  ).replace(/ data-astro-source-(?:file|loc)="[^"]*"/g, "");

describe("CategoryPanel", () => {
  it.each(LOCALES)("%s: no category at all shows the empty message and no list", async (locale) => {
    const html = await render(locale);
    expect(html).toContain('data-testid="category-panel"');
    expect(html).toContain(`<p class="cat-empty">${getT(locale)("layout.category.noCategory")}</p>`);
    expect(html).not.toContain("cat-l1-list");
    expect(html).not.toContain('data-testid="category-l1"');
  });

  it.each(LOCALES)("%s: items without children say there are no subcategories", async (locale) => {
    tree.current = [
      node(1, 0, "Alone"),
      node(2, 0, "Parent", [node(20, 2, "Childless"), node(21, 2, "WithChild", [node(210, 21, "Leaf")])]),
    ];
    const html = await render(locale);
    const none = getT(locale)("layout.category.noSubcategory");
    expect(html).not.toContain("cat-empty");
    expect(html.match(/data-testid="category-l1"/g)).toHaveLength(2);
    // First level without children: one message instead of the second-level list.
    const alone = html.slice(html.indexOf('id="cat-sub-1"'), html.indexOf('id="cat-sub-2"'));
    expect(alone).toContain(`<p class="cat-none">${none}</p>`);
    expect(alone).not.toContain("cat-l2-list");
    // Second level without children: the message in its row; the other row lists its leaf.
    const parent = html.slice(html.indexOf('id="cat-sub-2"'));
    expect(parent.match(/class="cat-none"/g)).toHaveLength(1);
    expect(parent).toMatch(new RegExp(`Childless</a>\\s*</dt>\\s*<dd>\\s*<span class="cat-none">${none}</span>`));
    const leafHref = `${locale === "zh" ? "" : `/${locale}`}/list?cpid=2&amp;cid=21&amp;thCid=210&amp;st=0`;
    expect(parent).toMatch(new RegExp(`href="${leafHref.replace(/[?]/g, "\\?")}">\\s*Leaf\\s*</a>`));
  });

  it("answers the kept panel without reading the tree or building its markup again", async () => {
    tree.current = [node(1, 0, "Alone")];
    await render("en");
    expect(tree.reads).toBe(1);
    tree.kept = '<div id="category-panel">kept</div>';
    const html = await render("en");
    expect(html).toContain('<div id="category-panel">kept</div>');
    expect(html).not.toContain("Alone");
    // The panel's content runs only when the fragment is rendered (CategoryPanelBody.astro):
    // written inline in CachedFragment's slot, Astro evaluated it on every page.
    expect(tree.reads).toBe(1);
  });
});
