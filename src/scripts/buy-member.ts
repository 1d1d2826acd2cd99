/**
 * /member-center/buy-member: buys or renews the chosen paid plan (POST /p/level/payLevel).
 * Balance (payType 9): paid at once, or the "not enough balance" message. WeChat scan (3): the
 * sandbox QR code and a link to its page; Alipay (2): the provider page in a new window; both poll
 * GET /p/level/payStatus every 3 s until paid or expired. No token → the login popup.
 */
import { isApiError } from "../client/api.ts";
import { getLevelPage, getLevelPayStatus, payLevel } from "../client/data/member.ts";
import { qrSrc } from "../client/qr.ts";
import { isLoggedIn } from "../client/token.ts";
import { openLoginPopup } from "../stores/index.ts";
import { formatDate } from "../lib/date-format.ts";

const form = document.querySelector<HTMLFormElement>("[data-buy-member]");
let timer: number | undefined;

function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string>,
  text?: string,
): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (text !== undefined) e.textContent = text;
  return e;
}

if (form) {
  const d = form.dataset;
  const result = form.querySelector<HTMLElement>("[data-buy-result]")!;
  const submit = form.querySelector<HTMLButtonElement>("[data-buy-submit]")!;
  const message = (text: string, ok = false) =>
    result.replaceChildren(el("p", { class: ok ? "member-msg is-ok" : "member-msg", role: "status" }, text));
  const paidMessage = (end: string) => {
    message((d.tPaid ?? "").replace("{{date}}", formatDate(end)), true);
    const back = el(
      "a",
      { href: d.centerHref ?? "/" },
      document.querySelector('[data-testid="member-nav-center"]')?.textContent ?? "",
    );
    result.append(back);
  };

  form.addEventListener("change", () => {
    const plan = form.querySelector<HTMLInputElement>('input[name="levelId"]:checked');
    submit.textContent = (submit.dataset.label ?? "").replace("{{price}}", plan?.dataset.price ?? "");
  });

  async function poll(payNo: string): Promise<void> {
    window.clearTimeout(timer);
    try {
      const st = await getLevelPayStatus(payNo);
      if (st === 1) {
        const page = await getLevelPage(1);
        paidMessage(page.endTime ?? "");
        return;
      }
      if (st === 2) {
        message(d.tExpired ?? "");
        return;
      }
    } catch {
      /* keep polling: a network hiccup is not a failed payment */
    }
    timer = window.setTimeout(() => void poll(payNo), 3000);
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!isLoggedIn()) {
      message(d.tLogin ?? "");
      openLoginPopup();
      return;
    }
    const levelId = Number(form.querySelector<HTMLInputElement>('input[name="levelId"]:checked')?.value);
    const payType = Number(form.querySelector<HTMLInputElement>('input[name="payType"]:checked')?.value ?? 9);
    submit.disabled = true;
    const label = submit.textContent;
    submit.textContent = d.tPaying ?? "";
    const returnUrl = location.pathname;
    void payLevel({ id: levelId, payType, returnUrl })
      .then(async (r) => {
        if (r.type === 1) paidMessage(r.endTime ?? "");
        else if (r.type === 3) message(r.message ?? d.tFailed ?? "");
        else if (r.payNo) {
          const link = el(
            "a",
            { href: r.payUrl ?? "", target: "_blank", rel: "noopener", "data-testid": "buy-member-sandbox-link" },
            d.tOpen ?? "",
          );
          if (payType === 3 && r.codeUrl) {
            const src = await qrSrc(r.codeUrl);
            result.replaceChildren(
              el("div", { class: "wx-qr", "data-testid": "buy-member-qr" }),
              el("p", {}, d.tScan ?? ""),
              link,
              el("p", { class: "member-muted" }, d.tWaiting ?? ""),
            );
            result.firstElementChild!.append(el("img", { src, width: "200", height: "200", alt: d.tQrAlt ?? "" }));
          } else {
            window.open(r.payUrl, "_blank", "noopener");
            result.replaceChildren(
              el("p", {}, d.tAlipay ?? ""),
              link,
              el("p", { class: "member-muted" }, d.tWaiting ?? ""),
            );
          }
          timer = window.setTimeout(() => void poll(r.payNo!), 3000);
        }
      })
      .catch((err: unknown) => message(isApiError(err) && err.message ? err.message : (d.tFailed ?? "")))
      .finally(() => {
        submit.disabled = false;
        submit.textContent = label;
      });
  });
}
