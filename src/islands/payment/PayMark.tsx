/**
 * The mark of a payment method (docs/design.md "Payment marks"): a white drawing on the provider's
 * colour in a rounded square — WeChat Pay a tick in a speech bubble on green, Alipay the strokes
 * of 支 on blue, the card a bank card on dark blue, the balance a wallet on the mall's red. No
 * letters: the method's name is written beside it in the page's language.
 */
import type { ReactNode } from "react";

const DRAWINGS: Record<string, ReactNode> = {
  wechat: (
    <>
      <path d="M12 4.5c-4.7 0-8.5 3.1-8.5 7 0 2.2 1.2 4.1 3.1 5.4L6 19.5l3-1.6c.9.3 1.9.4 3 .4 4.7 0 8.5-3.1 8.5-6.9s-3.8-6.9-8.5-6.9z" />
      <path d="M8.3 11.6l2.6 2.5 4.9-4.7" />
    </>
  ),
  alipay: (
    <>
      <path d="M5 7.5h14M12 4v7.2M7 11.2h10.2c-1.4 4.3-5.4 7.4-11.2 8.6M8.6 12.6c2 3.2 5.3 5.8 10.4 7.2" />
    </>
  ),
  card: (
    <>
      <rect x="3.5" y="6" width="17" height="12" rx="1.8" />
      <path d="M3.5 10h17M7 14.5h4" />
    </>
  ),
  balance: (
    <>
      <path d="M5 7.5h12.5a1.5 1.5 0 0 1 1.5 1.5v9a1.5 1.5 0 0 1-1.5 1.5H6A1.5 1.5 0 0 1 4.5 18V7.5l9-3v3" />
      <path d="M15.5 13.5h3.5" />
    </>
  ),
};

export function PayMark({ method }: { method: string }) {
  return (
    <span className={`pay-method-icon pay-icon-${method}`} aria-hidden="true">
      <svg
        viewBox="0 0 24 24"
        width="24"
        height="24"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.9"
        strokeLinecap="round"
        strokeLinejoin="round"
        focusable="false"
      >
        {DRAWINGS[method] ?? DRAWINGS.balance}
      </svg>
    </span>
  );
}
