// axe-core in Chromium (issue 23): what the page shows now against WCAG 2.1 A and AA, the serious and critical
// violations listed with where they are and why, so one failed check says what to fix.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './test';

const RULES = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** A soft check: the test goes on, and every screen's violations are reported together at its end. */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).withTags(RULES).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}; ${v.nodes
          .slice(0, 4)
          .map(
            (n) =>
              `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ')}]` : ''}`,
          )
          .join(' | ')}`,
    );
  expect.soft(serious, `${what}: axe violations`).toEqual([]);
}
