/**
 * axe-core inside the browser tests: runs the WCAG 2.0/2.1 A and AA rules on the page as it is
 * and answers the serious and critical violations, one readable line each, for
 * `expect(await seriousViolations(page)).toEqual([])`.
 *
 * axe is put into the page with `page.evaluate`, which goes through the DevTools protocol: the
 * app's Content-Security-Policy (no inline scripts) does not apply to it, so the page runs under
 * its real policy while it is checked. (@axe-core/playwright does the same, but needs Node 22.)
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, ElementContext, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const axeSource = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const failingImpacts: readonly ImpactValue[] = ['serious', 'critical'];

interface Violation {
  id: string;
  impact: ImpactValue | null;
  help: string;
  nodes: { target: string; message: string }[];
}

export interface AxeCheckOptions {
  /** Check only inside this element (a CSS selector), e.g. an open dialog. */
  include?: string;
  /**
   * Selectors left out of the check. Only for third-party markup the app cannot change (say why
   * beside each); the app's own elements are fixed instead.
   */
  exclude?: string[];
}

/**
 * Waits until the page is still (finite CSS transitions and animations done: a dialog fading in
 * has the colours of half its opacity), then runs axe and answers one line per serious or
 * critical violation: rule id, impact and the rule's help, then each target's selector with what
 * is wrong there.
 */
export async function seriousViolations(page: Page, options: AxeCheckOptions = {}): Promise<string[]> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== 'running' ||
          animation.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY,
      ),
  );
  const isLoaded = await page.evaluate(() => 'axe' in window);
  if (!isLoaded) await page.evaluate(axeSource);

  const context: ElementContext = {
    include: options.include ? [options.include] : 'html',
    ...(options.exclude?.length ? { exclude: options.exclude } : {}),
  };
  const runOptions: RunOptions = { runOnly: { type: 'tag', values: wcagTags }, resultTypes: ['violations'] };
  // Only what the report needs comes back out of the page (axe's full results are large).
  const violations: Violation[] = await page.evaluate(
    async ({ axeContext, axeOptions }) => {
      const { axe } = window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } };
      const results = await axe.run(JSON.parse(axeContext), JSON.parse(axeOptions));
      return results.violations.map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.map(String).join(' >>> '),
          // The first failed check says what is wrong there ("contrast of 3.32 (foreground #868e96…)").
          message: [...node.any, ...node.all, ...node.none][0]?.message ?? '',
        })),
      }));
    },
    { axeContext: JSON.stringify(context), axeOptions: JSON.stringify(runOptions) },
  );

  return violations
    .filter((violation) => violation.impact !== null && failingImpacts.includes(violation.impact))
    .map((violation) => {
      const nodes = violation.nodes.map((node) => `\n  ${node.target}${node.message ? `: ${node.message}` : ''}`);
      return `${violation.id} (${violation.impact}): ${violation.help}${nodes.join('')}`;
    });
}
