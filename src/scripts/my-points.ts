/**
 * "My points" on the points-mall pages (docs/points.md "Points mall"): the pages are the same for
 * everybody, so the buyer's points (GET /p/user/centerInfo → score) are filled into
 * [data-my-points] after load. Visitors keep the login hint the page rendered; a failed read
 * leaves the box hidden.
 */
import { getCenterInfo } from "../client/data/account.ts";
import { isLoggedIn } from "../client/token.ts";

const box = document.querySelector<HTMLElement>("[data-my-points]");
const value = box?.querySelector<HTMLElement>("[data-my-points-value]");
const hint = box?.querySelector<HTMLElement>("[data-my-points-login]");

if (box && value) {
  if (isLoggedIn()) {
    getCenterInfo({ silent: true, dontShowLogin: true }).then(
      (info) => {
        value.textContent = String(info.score ?? 0);
        value.hidden = false;
        if (hint) hint.hidden = true;
        box.hidden = false;
      },
      () => {},
    );
  } else {
    box.hidden = false;
  }
}
