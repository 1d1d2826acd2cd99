/**
 * The sandbox provider page's "Pay now" (src/pages/sandbox-pay.astro): posts the payment number and
 * its page key (from the page link) to /api/pay/sandbox/complete and shows the result with the link back to the order.
 */
import { isApiError } from "../client/api.ts";
import { completeSandboxPay } from "../client/data/payment.ts";

const button = document.querySelector<HTMLButtonElement>("[data-sandbox-pay]");
const result = document.querySelector<HTMLElement>("[data-sandbox-result]");
const message = document.querySelector<HTMLElement>("[data-sandbox-message]");
const back = document.querySelector<HTMLElement>("[data-sandbox-back]");

button?.addEventListener("click", () => {
  const payNo = button.dataset.sandboxPay ?? "";
  const key = button.dataset.sandboxKey ?? "";
  const label = button.textContent;
  button.disabled = true;
  button.textContent = button.dataset.paying ?? "";
  completeSandboxPay(payNo, key)
    .then((r) => {
      if (!r.paid) throw new Error("not paid");
      show(button.dataset.success ?? "", true);
      button.remove();
    })
    .catch((e: unknown) => {
      show(isApiError(e) && e.msg ? e.msg : (button.dataset.failed ?? ""), false);
      button.disabled = false;
      button.textContent = label;
    });
});

function show(text: string, ok: boolean): void {
  if (!result || !message) return;
  message.textContent = text;
  message.classList.toggle("is-ok", ok);
  message.classList.toggle("is-bad", !ok);
  result.hidden = false;
  if (back) back.hidden = false;
}
