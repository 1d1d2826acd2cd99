/**
 * Accessibility smoke check (axe-core) of the home page: every violation is reported (test
 * artifact `axe-<locale>.json` and the log); serious and critical ones fail the test.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { home, type Locale } from "./helpers.ts";

for (const locale of ["zh", "en"] as Locale[]) {
  test(`home page has no serious accessibility violations (${locale})`, async ({ page }, testInfo) => {
    await page.goto(home(locale));
    await page.getByTestId("footer").waitFor();
    const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
    await testInfo.attach(`axe-${locale}.json`, { body: JSON.stringify(results.violations, null, 2), contentType: "application/json" });
    const describe = (v: (typeof results.violations)[number]) =>
      `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×)\n` +
      v.nodes
        .slice(0, 8)
        .map((n) => `      ${n.target.join(" ")} — ${[...n.any, ...n.all, ...n.none][0]?.message ?? n.failureSummary ?? ""}`)
        .join("\n");
    if (results.violations.length) console.log(`axe ${home(locale)}:\n  ${results.violations.map(describe).join("\n  ")}`);
    const blocking = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    expect(blocking.map(describe), "serious/critical axe violations").toEqual([]);
  });
}
