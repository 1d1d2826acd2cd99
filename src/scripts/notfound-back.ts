/**
 * 404 back button: go back when the visitor came from a page of this site (there is history
 * and the referrer is same-origin); otherwise follow the link to the localized home page.
 */
function cameFromThisSite(): boolean {
  if (window.history.length <= 1 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

document.querySelectorAll<HTMLAnchorElement>("[data-notfound-back]").forEach((link) => {
  link.addEventListener("click", (e) => {
    if (!cameFromThisSite()) return; // the href is the localized home
    e.preventDefault();
    window.history.back();
  });
});
