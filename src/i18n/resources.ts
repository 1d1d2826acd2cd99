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
import zh_renovation from "./zh/renovation.json" with { type: "json" };
import zh_upload from "./zh/upload.json" with { type: "json" };
import zh_account from "./zh/account.json" with { type: "json" };
import zh_address from "./zh/address.json" with { type: "json" };
import zh_userCenter from "./zh/userCenter.json" with { type: "json" };
import zh_cart from "./zh/cart.json" with { type: "json" };
import zh_order from "./zh/order.json" with { type: "json" };
import zh_submitOrder from "./zh/submitOrder.json" with { type: "json" };
import zh_payment from "./zh/payment.json" with { type: "json" };
import zh_merchant from "./zh/merchant.json" with { type: "json" };
import zh_coupon from "./zh/coupon.json" with { type: "json" };
import zh_discount from "./zh/discount.json" with { type: "json" };
import zh_flashSale from "./zh/flashSale.json" with { type: "json" };
import zh_groupBuy from "./zh/groupBuy.json" with { type: "json" };
import zh_review from "./zh/review.json" with { type: "json" };
import zh_invoice from "./zh/invoice.json" with { type: "json" };
import zh_points from "./zh/points.json" with { type: "json" };
import zh_balance from "./zh/balance.json" with { type: "json" };
import zh_member from "./zh/member.json" with { type: "json" };
import zh_storeApplication from "./zh/storeApplication.json" with { type: "json" };
import zh_refund from "./zh/refund.json" with { type: "json" };
import zh_chat from "./zh/chat.json" with { type: "json" };
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
import zhTw_renovation from "./zh-tw/renovation.json" with { type: "json" };
import zhTw_upload from "./zh-tw/upload.json" with { type: "json" };
import zhTw_account from "./zh-tw/account.json" with { type: "json" };
import zhTw_address from "./zh-tw/address.json" with { type: "json" };
import zhTw_userCenter from "./zh-tw/userCenter.json" with { type: "json" };
import zhTw_cart from "./zh-tw/cart.json" with { type: "json" };
import zhTw_order from "./zh-tw/order.json" with { type: "json" };
import zhTw_submitOrder from "./zh-tw/submitOrder.json" with { type: "json" };
import zhTw_payment from "./zh-tw/payment.json" with { type: "json" };
import zhTw_merchant from "./zh-tw/merchant.json" with { type: "json" };
import zhTw_coupon from "./zh-tw/coupon.json" with { type: "json" };
import zhTw_discount from "./zh-tw/discount.json" with { type: "json" };
import zhTw_flashSale from "./zh-tw/flashSale.json" with { type: "json" };
import zhTw_groupBuy from "./zh-tw/groupBuy.json" with { type: "json" };
import zhTw_review from "./zh-tw/review.json" with { type: "json" };
import zhTw_invoice from "./zh-tw/invoice.json" with { type: "json" };
import zhTw_points from "./zh-tw/points.json" with { type: "json" };
import zhTw_balance from "./zh-tw/balance.json" with { type: "json" };
import zhTw_member from "./zh-tw/member.json" with { type: "json" };
import zhTw_storeApplication from "./zh-tw/storeApplication.json" with { type: "json" };
import zhTw_refund from "./zh-tw/refund.json" with { type: "json" };
import zhTw_chat from "./zh-tw/chat.json" with { type: "json" };
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
import en_renovation from "./en/renovation.json" with { type: "json" };
import en_upload from "./en/upload.json" with { type: "json" };
import en_account from "./en/account.json" with { type: "json" };
import en_address from "./en/address.json" with { type: "json" };
import en_userCenter from "./en/userCenter.json" with { type: "json" };
import en_cart from "./en/cart.json" with { type: "json" };
import en_order from "./en/order.json" with { type: "json" };
import en_submitOrder from "./en/submitOrder.json" with { type: "json" };
import en_payment from "./en/payment.json" with { type: "json" };
import en_merchant from "./en/merchant.json" with { type: "json" };
import en_coupon from "./en/coupon.json" with { type: "json" };
import en_discount from "./en/discount.json" with { type: "json" };
import en_flashSale from "./en/flashSale.json" with { type: "json" };
import en_groupBuy from "./en/groupBuy.json" with { type: "json" };
import en_review from "./en/review.json" with { type: "json" };
import en_invoice from "./en/invoice.json" with { type: "json" };
import en_points from "./en/points.json" with { type: "json" };
import en_balance from "./en/balance.json" with { type: "json" };
import en_member from "./en/member.json" with { type: "json" };
import en_refund from "./en/refund.json" with { type: "json" };
import en_chat from "./en/chat.json" with { type: "json" };
import en_storeApplication from "./en/storeApplication.json" with { type: "json" };

export const zh = {
  common: zh_common,
  account: zh_account,
  api: zh_api,
  validation: zh_validation,
  layout: zh_layout,
  notice: zh_notice,
  terms: zh_terms,
  notfound: zh_notfound,
  home: zh_home,
  client: zh_client,
  rules: zh_rules,
  product: zh_product,
  shop: zh_shop,
  renovation: zh_renovation,
  upload: zh_upload,
  catalog: zh_catalog,
  address: zh_address,
  userCenter: zh_userCenter,
  cart: zh_cart,
  order: zh_order,
  submitOrder: zh_submitOrder,
  payment: zh_payment,
  merchant: zh_merchant,
  coupon: zh_coupon,
  discount: zh_discount,
  flashSale: zh_flashSale,
  groupBuy: zh_groupBuy,
  review: zh_review,
  invoice: zh_invoice,
  refund: zh_refund,
  storeApplication: zh_storeApplication,
  points: zh_points,
  balance: zh_balance,
  member: zh_member,
  chat: zh_chat,
};
export const zhTw = {
  common: zhTw_common,
  account: zhTw_account,
  api: zhTw_api,
  validation: zhTw_validation,
  layout: zhTw_layout,
  notice: zhTw_notice,
  terms: zhTw_terms,
  notfound: zhTw_notfound,
  home: zhTw_home,
  client: zhTw_client,
  rules: zhTw_rules,
  product: zhTw_product,
  shop: zhTw_shop,
  renovation: zhTw_renovation,
  upload: zhTw_upload,
  catalog: zhTw_catalog,
  address: zhTw_address,
  userCenter: zhTw_userCenter,
  cart: zhTw_cart,
  order: zhTw_order,
  submitOrder: zhTw_submitOrder,
  payment: zhTw_payment,
  merchant: zhTw_merchant,
  coupon: zhTw_coupon,
  discount: zhTw_discount,
  flashSale: zhTw_flashSale,
  groupBuy: zhTw_groupBuy,
  review: zhTw_review,
  invoice: zhTw_invoice,
  refund: zhTw_refund,
  storeApplication: zhTw_storeApplication,
  points: zhTw_points,
  balance: zhTw_balance,
  member: zhTw_member,
  chat: zhTw_chat,
};
export const en = {
  common: en_common,
  account: en_account,
  api: en_api,
  validation: en_validation,
  layout: en_layout,
  notice: en_notice,
  terms: en_terms,
  notfound: en_notfound,
  home: en_home,
  client: en_client,
  rules: en_rules,
  product: en_product,
  shop: en_shop,
  renovation: en_renovation,
  upload: en_upload,
  catalog: en_catalog,
  address: en_address,
  userCenter: en_userCenter,
  cart: en_cart,
  order: en_order,
  submitOrder: en_submitOrder,
  payment: en_payment,
  merchant: en_merchant,
  coupon: en_coupon,
  discount: en_discount,
  flashSale: en_flashSale,
  groupBuy: en_groupBuy,
  review: en_review,
  invoice: en_invoice,
  refund: en_refund,
  storeApplication: en_storeApplication,
  points: en_points,
  balance: en_balance,
  member: en_member,
  chat: en_chat,
};

export const translations = { zh, "zh-tw": zhTw, en } as const;
