// The winning patterns' ids, on their own: the contract's schemas (and so the sign-in page's bundle) need the
// list, not the cell masks and claim rules of patterns.ts.
export const PATTERN_IDS = [
  'agents-own',
  'four-corners',
  'full-house',
  'x-pattern',
  't-pattern',
  'l-pattern',
  'u-pattern',
  'diamond',
  'any-one-line',
  'any-two-lines',
  'any-vertical',
  'any-horizontal',
  'any-diagonal',
  'reverse-t',
  'reverse-l',
  'half-above',
  'half-below',
  'plus',
  'bno-three-vertical',
] as const;
export type PatternId = (typeof PATTERN_IDS)[number];
