import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

// axe-core's verdict on a page as it is now: WCAG 2.1 A/AA and best practices.

/** The serious and critical violations on the page, one line each: the rule, its impact and where. */
export async function seriousViolations(page: Page): Promise<string[]> {
  // Legacy mode runs axe inside the page itself. The default opens a blank page for every check to merge the
  // frames' results there, a quarter of a panel axe pass's time; it exists for cross-origin frames, and none of our
  // pages has one (the embedded checkout's host page is not ours).
  const builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).setLegacyMode(true);
  // Only violations come back with every node: axe skips listing what passed (most of a run's time and data).
  if (!process.env.AXE_FULL) builder.options({ resultTypes: ["violations"] });
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
