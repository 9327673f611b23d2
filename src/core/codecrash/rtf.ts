import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import type { TextEdit } from '../text/edits';
import type { UnitContext } from '../syntax/context';
import { APPLICABLE, Method, Site } from '../transforms/method';
import { asBinary, effectsOf, isPure, MIRRORED } from '../syntax/expressions';
import { parenthesizedIf } from '../syntax/conditions';
import { losesNarrowing } from '../syntax/helpers';
import { nodesOfType } from '../syntax/nodes';
import { count } from '../text/plural';

interface Target {
  /** The expression text to replace, and where. */
  start: number;
  end: number;
  /** Whether a mirrored comparison is a safe alternative (both operands pure). */
  mirror: { left: string; op: string; right: string } | null;
  /** Python: the lambda template would change meaning (walrus, await, yield, zero-argument super). */
  noLambda: boolean;
}

/** The expression a condition holds, or null when it binds names (`if let`, `if (int x = ...)`). */
function conditionExpression(lang: LanguageId, owner: Node): Node | null {
  let cond = owner.childForFieldName('condition');
  if (!cond) return null;
  if (cond.type === 'condition_clause') {
    if (cond.childForFieldName('initializer')) return null;
    const value = cond.childForFieldName('value');
    if (!value || value.type.includes('declaration')) return null;
    return value;
  }
  if (parenthesizedIf(lang) && cond.type === 'parenthesized_expression') {
    const inner = cond.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment');
    if (inner.length !== 1) return null;
    cond = inner[0];
  }
  if (['let_condition', 'let_chain', 'assignment_expression', 'comma_expression', 'sequence_expression'].includes(cond.type)) return null;
  return cond;
}

function targets(ctx: UnitContext): Target[] {
  const out: Target[] = [];
  for (const owner of ctx.nodes(ctx.profile.codecrash.conditionOwners)) {
    if (!ctx.inFunctionBody(owner)) continue;
    const expr = conditionExpression(ctx.lang, owner);
    if (!expr || expr.hasError) continue;
    if (losesNarrowing(ctx, expr)) continue;
    const b = asBinary(ctx.lang, expr);
    const mirror =
      b && MIRRORED[b.operator] && isPure(ctx.lang, b.left) && isPure(ctx.lang, b.right) ? { left: b.left.text, op: MIRRORED[b.operator], right: b.right.text } : null;
    const effects = effectsOf(ctx.lang, expr);
    const noLambda =
      ctx.profile.codecrash.lambdaTemplate &&
      (effects.has('suspend') || effects.has('binding') || nodesOfType(expr, ['named_expression', 'await', 'yield']).length > 0 || /\bsuper\b/.test(expr.text));
    out.push({ start: expr.startIndex, end: expr.endIndex, mirror, noLambda });
  }
  // a condition inside another (a callback with an `if` in a JS condition) is left to its outer one
  return out.filter((t) => !out.some((o) => o !== t && o.start <= t.start && t.end <= o.end));
}

function reformat(ctx: UnitContext, t: Target, rng: Rng): string {
  const text = ctx.source.slice(t.start, t.end);
  const wrapped = `(${text})`;
  let templates = ctx.profile.codecrash.conditionTemplates;
  if (t.noLambda) templates = templates.slice(1);
  const choices: string[] = templates.map((make) => make(wrapped));
  if (t.mirror) choices.push(`${t.mirror.right} ${t.mirror.op} ${t.mirror.left}`);
  return rng.pick(choices);
}

/**
 * RTF (CodeCrash): every `if`/`while` condition of the unit rewritten by a template that keeps
 * its truth and its single evaluation: double negation, a lambda called at once, a one-tuple,
 * one-element list or one-key dict indexed, a conditional expression either way round, a
 * comparison with `true` or `false`, a neutral `&&`/`||` operand, an explicit conversion to
 * bool, or the mirrored comparison: at least seven kinds in every language but TypeScript (six,
 * where the others would lose a narrowing), as many as CodeCrash's seven.
 */
export const rtf: Method = rtfMethod();

/** `n` of `items` drawn with `rng`, in their own order. */
function drawn<T>(items: readonly T[], n: number, rng: Rng): T[] {
  const keys = items.map(() => rng.int(1 << 30));
  const picked = items.map((_, i) => i).sort((a, b) => keys[a] - keys[b] || a - b).slice(0, n);
  return picked.sort((a, b) => a - b).map((i) => items[i]);
}

/** RTF rewriting `conditions` of the unit's conditions, a seeded choice (every one when unset). */
export function rtfMethod(conditions?: number): Method {
  return {
    id: 'rtf',
    category: 'condition',
    description: 'CodeCrash RTF: reformat every condition with an equivalent template',
    support: () => APPLICABLE,

    findSites(ctx: UnitContext): Site[] {
      const found = targets(ctx);
      if (found.length === 0) return [];
      return [{ start: found[0].start, end: found[found.length - 1].end, label: `reformat ${count(found.length, 'condition')}`, data: found, all: true }];
    },

    apply(ctx, site, rng) {
      const all = site.data as Target[];
      const found = conditions !== undefined && conditions < all.length ? drawn(all, conditions, rng) : all;
      const edits: TextEdit[] = found.map((t) => ({ start: t.start, end: t.end, text: reformat(ctx, t, rng) }));
      return { edits, summary: `reformatted ${count(edits.length, 'condition')}` };
    },
  };
}
