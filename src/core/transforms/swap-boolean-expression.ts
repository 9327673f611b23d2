import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { cppBuiltinOperand } from '../languages/cpp/scalars';
import { pythonDefinitelyBound } from '../languages/python/scope';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { TYPE_QUERIES } from '../syntax/declarations';
import {
  asBinary,
  Binary,
  booleanAtoms,
  effectsOf,
  inBooleanContext,
  isBooleanValued,
  isComparison,
  isLogical,
  isNullOrTypeTest,
  isPure,
  macroHazards,
  MIRRORED,
  needsParens,
} from '../syntax/expressions';
import { identifiersIn } from '../syntax/nodes';
import { SCALAR_QUERIES } from '../syntax/scalarQueries';

interface SwapData {
  left: [number, number];
  right: [number, number];
  op: [number, number];
  operator: string;
  /** Whether each operand needs parentheses in its new place. */
  wrapLeft: boolean;
  wrapRight: boolean;
}

/**
 * Swapping the operands of a comparison only reorders their evaluation, so neither may do
 * anything (calls, writes, awaits) and they may not both be able to fail (which failure shows
 * would change). C++ also needs both to be built-in scalars: a class may define `a < b` and no `b > a`.
 */
function comparisonSwappable(lang: LanguageId, b: Binary, hazards: ReadonlySet<string>): boolean {
  const forbidden = ['call', 'index', 'write', 'suspend', 'binding'] as const;
  const left = effectsOf(lang, b.left, hazards);
  const right = effectsOf(lang, b.right, hazards);
  if (forbidden.some((e) => left.has(e) || right.has(e))) return false;
  const canFail = (effects: Set<string>) => effects.has('trap') || effects.has('member') || effects.has('deref');
  if (canFail(left) && canFail(right)) return false;
  if (profileOf(lang).variables.classValuesRunCode && !(cppBuiltinOperand(b.left, SCALAR_QUERIES) && cppBuiltinOperand(b.right, SCALAR_QUERIES))) return false;
  return !(profileOf(lang).expressions.typeArgumentsBySyntax && typeArgumentRisk(b));
}

/**
 * TypeScript reads `f(x < y, z > (w))` as a call with type arguments `x<y, z>(w)`: an ordering
 * comparison inside one element of a longer list of arguments or elements may form such a pair
 * once its operator flips.
 */
function typeArgumentRisk(b: Binary): boolean {
  if (!['<', '>', '<=', '>='].includes(b.operator)) return false;
  let n = b.node;
  while (n.parent && ['binary_expression', 'unary_expression', 'ternary_expression'].includes(n.parent.type)) n = n.parent;
  const list = n.parent;
  return list !== null && ['arguments', 'array', 'sequence_expression'].includes(list.type) && list.namedChildren.length > 1;
}

/**
 * `&&`/`||` evaluate their right operand only when needed, so the left one is often a guard for
 * the right: swapping is safe only when neither can fail or act (no calls, indexing, fields,
 * dereferences, division, writes, awaits), neither tests for null or a type, and neither tests
 * the truth of a name the other uses (`x and x > 3`).
 */
function logicalSwappable(lang: LanguageId, node: Node, b: Binary, hazards: ReadonlySet<string>): boolean {
  if (!isPure(lang, b.left, hazards) || !isPure(lang, b.right, hazards)) return false;
  const leftAtoms = booleanAtoms(lang, b.left);
  const rightAtoms = booleanAtoms(lang, b.right);
  if ([...leftAtoms, ...rightAtoms].some((atom) => isNullOrTypeTest(lang, atom))) return false;
  const truthTests = (atoms: Node[]) => atoms.filter((a) => a.type === 'identifier').map((a) => a.text);
  const leftNames = new Set(identifiersIn(b.left));
  const rightNames = new Set(identifiersIn(b.right));
  if (truthTests(leftAtoms).some((n) => rightNames.has(n)) || truthTests(rightAtoms).some((n) => leftNames.has(n))) return false;
  // A Python name bound only on some paths raises when read unbound: `n > 0 and avg > 3` may
  // rely on `avg` existing only when n > 0.
  if (profileOf(lang).variables.unboundReadsFail && ![...leftNames, ...rightNames].every((n) => pythonDefinitelyBound(node, n, TYPE_QUERIES))) return false;
  // Python's and JavaScript's and/or yield one of their operands: only a boolean outcome or a
  // condition makes the order irrelevant to the value.
  if (profileOf(lang).expressions.logicalOperatorsYieldOperands) {
    const booleans = isBooleanValued(lang, b.left) && isBooleanValued(lang, b.right);
    if (!booleans && !inBooleanContext(lang, node)) return false;
  }
  // C++ classes may overload && and ||: keep to tests of built-in values.
  if (profileOf(lang).variables.classValuesRunCode) {
    const scalarTest = (atom: Node) => {
      if (atom.type === 'true' || atom.type === 'false') return true;
      const c = asBinary('cpp', atom);
      return c && isComparison(c.operator) ? cppBuiltinOperand(c.left, SCALAR_QUERIES) && cppBuiltinOperand(c.right, SCALAR_QUERIES) : cppBuiltinOperand(atom, SCALAR_QUERIES);
    };
    if (![...leftAtoms, ...rightAtoms].every(scalarTest)) return false;
  }
  return true;
}

function insideMacro(node: Node): boolean {
  for (let n = node.parent; n; n = n.parent) if (n.type === 'macro_invocation' || n.type === 'token_tree') return true;
  return false;
}

const PUNCTUATION = /[-+*/%<>=!&|^~?:.]/;

/** Joins two texts, with a space where operators would otherwise fuse (`-1>x` swapped is `x< -1`, not Go's `x<-1`). */
function glue(a: string, b: string): string {
  return a.length > 0 && b.length > 0 && PUNCTUATION.test(a[a.length - 1]) && PUNCTUATION.test(b[0]) ? `${a} ${b}` : a + b;
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

export const swapBooleanExpression: Method = {
  ...catalogued('swap-boolean-expression'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const lang = ctx.lang;
    const hazards = macroHazards(lang, ctx.root);
    const sites: Site[] = [];
    for (const node of ctx.nodes(ctx.profile.expressions.binaryKinds)) {
      const b = asBinary(lang, node);
      if (!b || insideMacro(node)) continue;
      const mirrored = MIRRORED[b.operator];
      const swappable =
        mirrored !== undefined ? comparisonSwappable(lang, b, hazards) : isLogical(b.operator) && logicalSwappable(lang, node, b, hazards);
      if (!swappable) continue;
      const operator = mirrored ?? b.operator;
      const data: SwapData = {
        left: [b.left.startIndex, b.left.endIndex],
        right: [b.right.startIndex, b.right.endIndex],
        op: [b.opStart, b.opEnd],
        operator,
        wrapLeft: needsParens(lang, b.right, operator, 'left'),
        wrapRight: needsParens(lang, b.left, operator, 'right'),
      };
      const label = `swap \`${short(ctx.text(node))}\` at line ${ctx.lineOf(node.startIndex)}`;
      sites.push({ start: node.startIndex, end: node.endIndex, label, data });
    }
    return sites;
  },

  apply(ctx, site) {
    const d = site.data as SwapData;
    const slice = ([s, e]: [number, number]) => ctx.source.slice(s, e);
    const wrap = (text: string, yes: boolean) => (yes ? `(${text})` : text);
    const before = ctx.source.slice(site.start, site.end);
    const text = [
      wrap(slice(d.right), d.wrapLeft),
      ctx.source.slice(d.left[1], d.op[0]),
      d.operator,
      ctx.source.slice(d.op[1], d.right[0]),
      wrap(slice(d.left), d.wrapRight),
    ].reduce(glue);
    return {
      edits: [{ start: site.start, end: site.end, text }],
      summary: `swapped \`${short(before)}\` to \`${short(text)}\` at line ${ctx.lineOf(site.start)}`,
    };
  },
};
