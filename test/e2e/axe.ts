/** axe-core in Chromium as the project uses it everywhere. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/**
 * The page's violations of WCAG 2.0/2.1 A and AA and WCAG 2.2 AA, with the target-size
 * rule turned on (it is off by default); open shadow roots (the widget) and same-origin frames are included.
 */
export async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    // options() first: withTags() adds to the options object that options() would replace
    .options({ rules: { 'target-size': { enabled: true } } })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    // axe.run in the page, its same-origin frames included, rather than a partial run in each frame finished in a
    // blank page of its own: the same rules on the same nodes (the pages' CSP allows frames from their own origin
    // only, and Chromium's PDF viewer is not scanned either way), in about a third of the time
    .setLegacyMode(true)
    .analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
