/** Server side of the payment pages: the props of the payment islands (locale, resources, links). */
import { islandResources } from "../../i18n/island-resources.ts";
import { localePath, type Locale } from "../../lib/locale.ts";
import type { PaymentIslandProps } from "../../islands/payment/shared.tsx";

export function paymentIslandProps(locale: Locale): PaymentIslandProps {
  return {
    locale,
    resources: islandResources(locale, ["payment"]),
    links: {
      home: localePath(locale, "/"),
      cart: localePath(locale, "/cart"),
      payment: localePath(locale, "/payment"),
      weixinPay: localePath(locale, "/weixin-pay"),
      orderDetail: localePath(locale, "/order-detail"),
    },
  };
}
