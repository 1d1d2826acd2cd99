/**
 * Translation resources: one folder per locale, one JSON file per namespace.
 * Key `ns.key` lives in `<locale>/<ns>.json`. To add a namespace, add its three files and one line per locale here.
 */
import zh_common from "./zh/common.json" with { type: "json" };
import zh_api from "./zh/api.json" with { type: "json" };
import zh_validation from "./zh/validation.json" with { type: "json" };
import zh_layout from "./zh/layout.json" with { type: "json" };
import zh_notice from "./zh/notice.json" with { type: "json" };
import zh_terms from "./zh/terms.json" with { type: "json" };
import zh_notfound from "./zh/notfound.json" with { type: "json" };
import zh_home from "./zh/home.json" with { type: "json" };
import zh_client from "./zh/client.json" with { type: "json" };
import zh_rules from "./zh/rules.json" with { type: "json" };
import zh_catalog from "./zh/catalog.json" with { type: "json" };
import zh_product from "./zh/product.json" with { type: "json" };
import zh_shop from "./zh/shop.json" with { type: "json" };
import zh_decorate from "./zh/decorate.json" with { type: "json" };
import zh_auth from "./zh/auth.json" with { type: "json" };
import zh_address from "./zh/address.json" with { type: "json" };
import zh_authUi from "./zh/authUi.json" with { type: "json" };
import zh_userCenter from "./zh/userCenter.json" with { type: "json" };
import zh_cart from "./zh/cart.json" with { type: "json" };
import zhTw_common from "./zh-tw/common.json" with { type: "json" };
import zhTw_api from "./zh-tw/api.json" with { type: "json" };
import zhTw_validation from "./zh-tw/validation.json" with { type: "json" };
import zhTw_layout from "./zh-tw/layout.json" with { type: "json" };
import zhTw_notice from "./zh-tw/notice.json" with { type: "json" };
import zhTw_terms from "./zh-tw/terms.json" with { type: "json" };
import zhTw_notfound from "./zh-tw/notfound.json" with { type: "json" };
import zhTw_home from "./zh-tw/home.json" with { type: "json" };
import zhTw_client from "./zh-tw/client.json" with { type: "json" };
import zhTw_rules from "./zh-tw/rules.json" with { type: "json" };
import zhTw_catalog from "./zh-tw/catalog.json" with { type: "json" };
import zhTw_product from "./zh-tw/product.json" with { type: "json" };
import zhTw_shop from "./zh-tw/shop.json" with { type: "json" };
import zhTw_decorate from "./zh-tw/decorate.json" with { type: "json" };
import zhTw_auth from "./zh-tw/auth.json" with { type: "json" };
import zhTw_address from "./zh-tw/address.json" with { type: "json" };
import zhTw_authUi from "./zh-tw/authUi.json" with { type: "json" };
import zhTw_userCenter from "./zh-tw/userCenter.json" with { type: "json" };
import zhTw_cart from "./zh-tw/cart.json" with { type: "json" };
import en_common from "./en/common.json" with { type: "json" };
import en_api from "./en/api.json" with { type: "json" };
import en_validation from "./en/validation.json" with { type: "json" };
import en_layout from "./en/layout.json" with { type: "json" };
import en_notice from "./en/notice.json" with { type: "json" };
import en_terms from "./en/terms.json" with { type: "json" };
import en_notfound from "./en/notfound.json" with { type: "json" };
import en_home from "./en/home.json" with { type: "json" };
import en_client from "./en/client.json" with { type: "json" };
import en_rules from "./en/rules.json" with { type: "json" };
import en_catalog from "./en/catalog.json" with { type: "json" };
import en_product from "./en/product.json" with { type: "json" };
import en_shop from "./en/shop.json" with { type: "json" };
import en_decorate from "./en/decorate.json" with { type: "json" };
import en_auth from "./en/auth.json" with { type: "json" };
import en_address from "./en/address.json" with { type: "json" };
import en_authUi from "./en/authUi.json" with { type: "json" };
import en_userCenter from "./en/userCenter.json" with { type: "json" };
import en_cart from "./en/cart.json" with { type: "json" };

export const zh = { common: zh_common, auth: zh_auth, api: zh_api, validation: zh_validation, layout: zh_layout, notice: zh_notice, terms: zh_terms, notfound: zh_notfound, home: zh_home, client: zh_client, rules: zh_rules, product: zh_product, shop: zh_shop, decorate: zh_decorate, catalog: zh_catalog, authUi: zh_authUi, address: zh_address, userCenter: zh_userCenter, cart: zh_cart };
export const zhTw = { common: zhTw_common, auth: zhTw_auth, api: zhTw_api, validation: zhTw_validation, layout: zhTw_layout, notice: zhTw_notice, terms: zhTw_terms, notfound: zhTw_notfound, home: zhTw_home, client: zhTw_client, rules: zhTw_rules, product: zhTw_product, shop: zhTw_shop, decorate: zhTw_decorate, catalog: zhTw_catalog, authUi: zhTw_authUi, address: zhTw_address, userCenter: zhTw_userCenter, cart: zhTw_cart };
export const en = { common: en_common, auth: en_auth, api: en_api, validation: en_validation, layout: en_layout, notice: en_notice, terms: en_terms, notfound: en_notfound, home: en_home, client: en_client, rules: en_rules, product: en_product, shop: en_shop, decorate: en_decorate, catalog: en_catalog, authUi: en_authUi, address: en_address, userCenter: en_userCenter, cart: en_cart };

export const translations = { zh, "zh-tw": zhTw, en } as const;
