import { MIN_GJI, MIN_LCS, PairCheck, RATIO_RANGE } from './pairChecks';

const percent = (v: number) => `${Math.round(v * 100)}%`;
const mark = (c: PairCheck) => (c.pass === null ? '•' : c.pass ? '✓' : '✗');
const count = (n: number | null, one: string, many = `${one}s`) => (n === 0 ? `no ${many}` : `${n} ${n === 1 ? one : many}`);

/** "12 in the original, 14 in the control", or "12 in both". */
function sides(c: PairCheck): string {
  return c.original === c.control ? `${c.original} in both` : `${c.original} in the original, ${c.control} in the control`;
}

/** A size that must stay within the ratio range: the counts, the ratio as a percentage, the bounds. */
function ratio(c: PairCheck, what: string): string {
  const bounds = `it must stay within ${percent(RATIO_RANGE[0])}–${percent(RATIO_RANGE[1])} of the original`;
  if (c.original === 0) {
    return c.control === 0 ? `${what}: none in either` : `${what}: none in the original, ${c.control} in the control (${bounds})`;
  }
  const share = c.pass ? `the control has ${percent(c.value)} of the original's` : `the control has ${percent(c.value)} of the original's, ${bounds}`;
  return `${what}: ${sides(c)} (${share})`;
}

const RATIOS: Record<string, string> = {
  tokens: 'tokens',
  'nodes.total': 'syntax-tree nodes',
  'nodes.statement': 'statements',
  'nodes.expression': 'expressions',
  'nodes.call': 'calls',
};

/**
 * One check of a control pair in words, for the editor's messages: what was counted on each
 * side and what the rule asks, instead of the raw value ("value Infinity" for a count that was
 * 0 in the original, "parses 0 → 0, value 0" for no syntax errors).
 */
export function explainCheck(c: PairCheck): string {
  const text = (() => {
    switch (c.id) {
      case 'parses':
        return c.pass ? 'parses: no syntax errors' : `parses: the control has ${count(c.control, 'syntax error')} (the original ${count(c.original, 'syntax error')})`;
      case 'cyclomatic':
        return c.pass
          ? `complexity (McCabe): ${c.original} ${c.original === 1 ? 'path' : 'paths'} in both`
          : `complexity (McCabe): ${c.original} ${c.original === 1 ? 'path' : 'paths'} in the original, ${c.control} in the control; they must be equal`;
      case 'keywords-gji':
        return `keywords and operators: ${percent(c.value)} the same (Generalised Jaccard Index ${c.value}${c.pass ? '' : `, at least ${MIN_GJI} needed`})`;
      case 'ast-lcs':
        return `structure: ${percent(c.value)} of the syntax-tree nodes in the same order (LCS ratio ${c.value}${c.pass ? '' : `, at least ${MIN_LCS} needed`})`;
      case 'identifiers-only':
        return c.pass ? `only identifiers differ: ${count(c.value, 'name')} renamed, each the same way everywhere` : `more than identifiers differ: ${c.detail ?? c.rule}`;
      case 'similarity':
        return `similarity ${c.value.toFixed(2)} to the original (${c.detail ?? ''}), recorded only`;
      default:
        if (c.id in RATIOS) return ratio(c, RATIOS[c.id]);
        return `${c.id}: ${c.rule}`;
    }
  })();
  return `${mark(c)} ${text}`;
}
