import type { QualityRule } from '@anor/core';

type RuleName<R> = R extends `${string}.${infer Name}` ? Name : never;

/** A rule's group title key: `sanity.afterDeath` → `quality.rules.afterDeath`. */
export function ruleTitleKey(rule: QualityRule): `quality.rules.${RuleName<QualityRule>}` {
  return `quality.rules.${rule.slice(rule.indexOf('.') + 1) as RuleName<QualityRule>}`;
}
