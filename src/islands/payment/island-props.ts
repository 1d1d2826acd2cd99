/** Server side of the payment pages: the props of the payment islands (locale, resources, links). */
import { translations } from "../../i18n/resources.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import type { NamespaceResources } from "../common/I18nProvider.tsx";
import type { PaymentIslandProps } from "./shared.tsx";

export function paymentIslandProps(locale: Locale): PaymentIslandProps {
  const all = translations[locale] as unknown as Record<string, NamespaceResources | undefined>;
  return {
    locale,
    resources: { payment: all.payment ?? {} },
    links: {
      home: localePath(locale, "/"),
      cart: localePath(locale, "/cart"),
      payment: localePath(locale, "/payment"),
      weixinPay: localePath(locale, "/weixin-pay"),
      orderDetail: localePath(locale, "/order-detail"),
    },
  };
}
