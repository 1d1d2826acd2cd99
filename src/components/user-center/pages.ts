/**
 * The user center's child pages (SPEC §2: /user-center and its children), in side-menu order.
 * Whether a page exists is read from the page files (island-props.ts pageExists); missing
 * ones are shown in the side menu as plain text, never as links (docs/decisions.md
 * "User center pages").
 * apply-return is reached from an order (it needs an order number), so it is not in the menu.
 */
export type UcPageKey =
  | "overview"
  | "order"
  | "group"
  | "return"
  | "comments"
  | "coupons"
  | "collection"
  | "footprint"
  | "integral"
  | "balance"
  | "address"
  | "account"
  | "password"
  | "shopAccount";

export interface UcPage {
  key: UcPageKey;
  /** Path without locale prefix. */
  path: string;
}

export interface UcMenuGroup {
  /** i18n key suffix under userCenter.menu.groups */
  group: "trade" | "assets" | "follow" | "settings";
  pages: UcPage[];
}

const p = (key: UcPageKey, path: string): UcPage => ({ key, path });

export const UC_OVERVIEW: UcPage = p("overview", "/user-center");

export const UC_MENU: readonly UcMenuGroup[] = [
  {
    group: "trade",
    pages: [
      p("order", "/user-center/uc-order"),
      p("group", "/user-center/uc-group"),
      p("return", "/user-center/uc-return"),
      p("comments", "/user-center/uc-comments"),
    ],
  },
  {
    group: "assets",
    pages: [
      p("coupons", "/user-center/uc-coupons"),
      p("integral", "/user-center/uc-integral"),
      p("balance", "/user-center/uc-balance"),
    ],
  },
  {
    group: "follow",
    pages: [p("collection", "/user-center/uc-collection"), p("footprint", "/user-center/uc-footprint")],
  },
  {
    group: "settings",
    pages: [
      p("account", "/user-center/uc-account"),
      p("password", "/user-center/uc-password"),
      p("address", "/user-center/uc-address"),
      p("shopAccount", "/user-center/uc-shopaccount"),
    ],
  },
];

const ALL: readonly UcPage[] = [UC_OVERVIEW, ...UC_MENU.flatMap((g) => g.pages)];

export function ucPage(key: UcPageKey): UcPage {
  return ALL.find((x) => x.key === key)!;
}
