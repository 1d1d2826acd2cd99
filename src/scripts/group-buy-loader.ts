/**
 * Product pages with a group-buy section load its script (joinable teams, countdown); others load nothing more.
 */
if (document.getElementById("group-buy")) {
  void import("./group-buy.ts");
  if (document.querySelector("#group-buy [data-countdown-end]")) void import("./countdown.ts");
}
