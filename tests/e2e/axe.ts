/** axe-core for the browser tests: a11y.spec.ts and the page sweep of design.spec.ts. */
import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";

/** The serious and critical violations of the page, described; all of them are attached and logged. */
export async function blockingViolations(
  page: Page,
  url: string,
  attachName: string,
  testInfo: TestInfo,
): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"])
    .analyze();
  await testInfo.attach(attachName, {
    body: JSON.stringify(results.violations, null, 2),
    contentType: "application/json",
  });
  const describe = (v: (typeof results.violations)[number]) =>
    `[${v.impact}] ${v.id}: ${v.help} (${v.nodes.length}×)\n` +
    v.nodes
      .slice(0, 8)
      .map(
        (n) => `      ${n.target.join(" ")} — ${[...n.any, ...n.all, ...n.none][0]?.message ?? n.failureSummary ?? ""}`,
      )
      .join("\n");
  if (results.violations.length) console.log(`axe ${url}:\n  ${results.violations.map(describe).join("\n  ")}`);
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map(describe);
}
