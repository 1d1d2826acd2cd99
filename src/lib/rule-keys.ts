/**
 * The message keys of the "rules" namespace (src/i18n/<locale>/rules.json): the messages of the
 * SPEC §5 form rules, which live with their features (account/account-rules.ts,
 * address/address-rules.ts, order/order-rules.ts, store-application/store-application.ts,
 * refund/refund-form.ts, review/review-form.ts, points/points.ts, catalog/search-rules.ts). The
 * numbers of SPEC §9 are written into the texts, so no interpolation is needed.
 */
/** The message keys of the SPEC §5 form rules (each feature's rules module uses its own). */
export const RULE_KEYS = {
  usernameInvalid: "rules.usernameInvalid",
  passwordRequired: "rules.passwordRequired",
  passwordInvalid: "rules.passwordInvalid",
  confirmPasswordRequired: "rules.confirmPasswordRequired",
  confirmPasswordMismatch: "rules.confirmPasswordMismatch",
  storePasswordInvalid: "rules.storePasswordInvalid",
  mobileRequired: "rules.mobileRequired",
  mobileInvalid: "rules.mobileInvalid",
  smsCodeRequired: "rules.smsCodeRequired",
  smsCodeInvalid: "rules.smsCodeInvalid",
  nicknameRequired: "rules.nicknameRequired",
  nicknameTooLong: "rules.nicknameTooLong",
  prodNameEmpty: "rules.prodNameEmpty",
  shopNameEmpty: "rules.shopNameEmpty",
  keywordTooLong: "rules.keywordTooLong",
  orderMessageTooLong: "rules.orderMessageTooLong",
  notAllSpaces: "rules.notAllSpaces",
  addressTooShort: "rules.addressTooShort",
  addressTooLong: "rules.addressTooLong",
  storeNameRequired: "rules.storeNameRequired",
  storeNameTooLong: "rules.storeNameTooLong",
  storeNameChars: "rules.storeNameChars",
  storeDescLength: "rules.storeDescLength",
  refundNoteTooLong: "rules.refundNoteTooLong",
  reviewEmpty: "rules.reviewEmpty",
  reviewTooLong: "rules.reviewTooLong",
  topupAmount: "rules.topupAmount",
  pointsStep: "rules.pointsStep",
  termsRequired: "rules.termsRequired",
} as const;
export type RuleKey = (typeof RULE_KEYS)[keyof typeof RULE_KEYS];
