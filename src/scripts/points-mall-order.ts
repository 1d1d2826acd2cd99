/**
 * /submit-integral-order: lists the buyer's addresses (default first, chosen) and submits the
 * exchange (POST /p/score/submit). Paid with points alone → the order page; money to pay → the
 * payment counter. No token → the login popup.
 */
import { isApiError } from "../client/api.ts";
import { listAddresses } from "../client/data/address.ts";
import { submitPointsOrder } from "../client/data/points-mall.ts";
import { pageLocale } from "../client/i18n.ts";
import { isLoggedIn } from "../client/token.ts";
import { formatAddress } from "../lib/address/address-format.ts";
import { openLoginPopup } from "../stores/index.ts";
import type { AddressItem } from "../lib/address/address-types.ts";

const form = document.querySelector<HTMLFormElement>("[data-exchange-form]");

if (form) {
  const d = form.dataset;
  const list = form.querySelector<HTMLElement>("[data-address-list]")!;
  const result = form.querySelector<HTMLElement>("[data-exchange-result]")!;
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
  const say = (text: string) => {
    const p = document.createElement("p");
    p.className = "member-msg";
    p.setAttribute("role", "alert");
    p.textContent = text;
    result.replaceChildren(p);
  };

  const showAddresses = (rows: AddressItem[]) => {
    if (rows.length === 0) {
      const p = document.createElement("p");
      const a = document.createElement("a");
      a.href = d.addressHref ?? "/";
      a.textContent = d.tAddAddress ?? "";
      p.append(d.tNoAddress ?? "", a);
      list.replaceChildren(p);
      return;
    }
    list.replaceChildren(
      ...rows.map((r, i) => {
        // A radio card (src/styles/controls.css .choice) like the checkout's address cards.
        const label = document.createElement("label");
        label.className = "choice choice-lg sio-addr";
        const input = document.createElement("input");
        input.type = "radio";
        input.name = "addrId";
        input.value = String(r.addrId);
        input.checked = i === 0;
        const who = document.createElement("span");
        who.className = "choice-title";
        who.textContent = `${r.receiver} ${r.mobile}`;
        const where = document.createElement("span");
        where.className = "choice-note";
        where.textContent = formatAddress(r, pageLocale());
        label.append(input, who, where);
        return label;
      }),
    );
  };

  if (isLoggedIn()) {
    listAddresses().then(
      (rows) => showAddresses([...rows].sort((a, b) => b.commonAddr - a.commonAddr)),
      () => say(d.tFailed ?? ""),
    );
  } else {
    list.replaceChildren();
    say(d.tLogin ?? "");
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    if (!isLoggedIn()) {
      say(d.tLogin ?? "");
      openLoginPopup();
      return;
    }
    const addrId = Number(form.querySelector<HTMLInputElement>('input[name="addrId"]:checked')?.value ?? 0);
    const remarks = form.querySelector<HTMLInputElement>('input[name="remarks"]')?.value ?? "";
    submit.disabled = true;
    const label = submit.textContent;
    submit.textContent = d.tSubmitting ?? "";
    submitPointsOrder({ prodId: Number(d.prodId), prodCount: Number(d.count), addrId, remarks })
      .then((r) => {
        location.href = r.paid
          ? `${d.orderHref}?orderNumber=${r.orderNumber}`
          : `${d.payHref}?orderNumbers=${r.orderNumber}`;
      })
      .catch((err: unknown) => {
        say(isApiError(err) && err.message ? err.message : (d.tFailed ?? ""));
        submit.disabled = false;
        submit.textContent = label;
      });
  });
}
