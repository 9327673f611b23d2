import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import type { LanguageProfile } from '../languages/languageProfile';
import { cppFits } from '../languages/cpp/compoundAssignment';
import { javaExpandable, javaTargetType } from '../languages/java/compoundAssignment';
import { pythonFits } from '../languages/python/kinds';
import { rustIsMutableNumber } from '../languages/rust/types';
import type { UnitContext } from '../syntax/context';
import { catalogued } from './catalogue';
import { APPLICABLE, Method, Site } from './method';
import { TYPE_QUERIES } from '../syntax/declarations';
import {
  asBinary,
  macroHazards,
  needsParens,
  PREC,
  precedenceOf,
  sameExpression,
} from '../syntax/expressions';
import { identifiersIn } from '../syntax/nodes';

interface Assignment {
  target: Node;
  /** `=` or a compound operator such as `+=`. */
  operator: string;
  value: Node;
}

function single(list: Node | null): Node | null {
  const items = list?.namedChildren.filter((c): c is Node => c !== null && c.type !== 'comment') ?? [];
  return items.length === 1 ? items[0] : null;
}

function asAssignment(node: Node): Assignment | null {
  let target = node.childForFieldName('left');
  let value = node.childForFieldName('right');
  const operator = node.childForFieldName('operator')?.text ?? '=';
  if (node.type === 'assignment_statement') {
    // Go's assignment is a statement whose sides are expression lists (`a, b = b, a`)
    target = single(target);
    value = single(value);
  }
  if (node.type === 'assignment' || node.type === 'augmented_assignment') {
    // Python's (kinds only its grammar has): annotated (`x: int = ...`) and chained (`a = b = ...`) assignments have no compound form.
    if (node.childForFieldName('type') || value?.type === 'assignment' || node.parent?.type !== 'expression_statement') return null;
  }
  return target && value ? { target, operator, value } : null;
}

const PLAIN_INDEX = new Set([
  'identifier', 'number_literal', 'char_literal', 'decimal_integer_literal', 'number', 'string', 'int_literal', 'rune_literal',
  'interpreted_string_literal', 'character_literal', 'string_literal',
]);

/**
 * A target that evaluates the same and does nothing when read twice: a name, or (not in Python
 * or Rust) a field or element whose object and index are plain names or literals. A target with
 * side effects (`a[i++]`) would run them twice once expanded.
 */
function simpleTarget(profile: LanguageProfile, target: Node, hazards: ReadonlySet<string>): boolean {
  const plainObject = (n: Node | null) => n !== null && ((n.type === 'identifier' && !hazards.has(n.text)) || n.type === 'this');
  if (target.type === 'identifier') return !hazards.has(target.text);
  // `o.f += x` may change the object `o.f` holds in place (Python's `__iadd__`) where `o.f = o.f + x`
  // gives it a new one; `o.f + x` moves `o.f` out unless its type is Copy (Rust). Only a name's
  // type is known to formsAgree().
  if (profile.variables.augmentedAssignmentInPlace || profile.variables.readsMove) return false;
  switch (target.type) {
    case 'field_expression': // C, C++: s.f, p->f; a class's `->` and its fields' operators may be user code (C++)
      return !profile.variables.classValuesRunCode && plainObject(target.childForFieldName('argument'));
    case 'member_expression': // JavaScript, TypeScript: o.f
      return plainObject(target.childForFieldName('object')) && !target.children.some((c) => c?.type === 'optional_chain');
    case 'field_access': // Java: this.f
      return target.childForFieldName('object')?.type === 'this';
    case 'selector_expression': // Go: s.f
      return plainObject(target.childForFieldName('operand'));
    case 'subscript_expression': {
      // C, JavaScript, TypeScript: a[i]; C++ holds the index in a list (`a[i, j]` in C++23).
      const index = target.childForFieldName('index') ?? single(target.childForFieldName('indices'));
      return plainObject(target.childForFieldName('argument') ?? target.childForFieldName('object')) && plainIndex(index, hazards);
    }
    case 'array_access': // Java
      return plainObject(target.childForFieldName('array')) && plainIndex(target.childForFieldName('index'), hazards);
    case 'index_expression': // Go
      return plainObject(target.childForFieldName('operand')) && plainIndex(target.childForFieldName('index'), hazards);
    default:
      return false;
  }
}

function plainIndex(index: Node | null, hazards: ReadonlySet<string>): boolean {
  if (!index || !PLAIN_INDEX.has(index.type)) return false;
  return index.type !== 'identifier' || !hazards.has(index.text);
}

/**
 * Whether `target op= operand` and `target = target op operand` do the same here, by what tells the
 * two forms apart in the language; `expanding` when the compound form is the one written now.
 */
function formsAgree(profile: LanguageProfile, target: Node, op: string, operand: Node, expanding: boolean): boolean {
  if (profile.expressions.compoundAssignmentCasts) {
    // Java: expand only where no narrowing is involved; contracting adds a cast to the type the target already has
    if (expanding) return javaExpandable(target, op, operand, TYPE_QUERIES);
    const type = javaTargetType(target, TYPE_QUERIES);
    return type !== null && type !== 'other';
  }
  // C++: a class may define one of `op=` and `op` only
  if (profile.variables.classValuesRunCode) return cppFits(target, op, operand, expanding, TYPE_QUERIES);
  // Python: `a += b` changes a list in place where `a = a + b` gives a new one
  if (profile.variables.augmentedAssignmentInPlace) return pythonFits(target, op, TYPE_QUERIES);
  // Rust: the compound form needs a `mut` binding, and `a = a + b` moves a String out of `a`: numbers only
  if (profile.variables.readsMove) return rustIsMutableNumber(target, target.text, TYPE_QUERIES);
  return true;
}

// ---------------------------------------------------------------------------------------------

interface ModifyData {
  kind: 'expand' | 'contract';
  target: [number, number];
  operator: string;
  operand: [number, number];
  wrap: boolean;
}

/** The operand to write after `op=`: without parentheses that only grouped it under `op`. */
function contractedOperand(lang: LanguageId, operand: Node): Node {
  if (operand.type !== 'parenthesized_expression') return operand;
  const inner = operand.namedChildren.filter((c): c is Node => c !== null);
  if (inner.length !== 1 || inner[0].type === 'comment') return operand;
  const bare = operand.text.slice(1, -1).trim();
  if (bare !== inner[0].text || precedenceOf(lang, inner[0]) <= PREC.assignment) return operand;
  return inner[0];
}

function span(node: Node): [number, number] {
  return [node.startIndex, node.endIndex];
}

function short(text: string): string {
  const line = text.replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 37)}...` : line;
}

export const modifyOperations: Method = {
  ...catalogued('modify-operations'),
  support: () => APPLICABLE,

  findSites(ctx: UnitContext): Site[] {
    const lang = ctx.lang;
    const hazards = macroHazards(lang, ctx.root);
    const sites: Site[] = [];
    for (const node of ctx.nodes(ctx.profile.expressions.assignmentNodes)) {
      const a = asAssignment(node);
      if (!a || !simpleTarget(ctx.profile, a.target, hazards)) continue;
      // A C macro such as `#define SUM a + b` regroups once expanded: `x - SUM` is not `x - (SUM)`.
      if (identifiersIn(a.value).some((name) => hazards.has(name))) continue;
      let data: ModifyData | null = null;
      if (a.operator === '=') {
        const b = asBinary(lang, a.value);
        const ofTarget = b !== null && ctx.profile.expressions.compoundOperators.has(b.operator) && sameExpression(ctx.text(b.left), ctx.text(a.target));
        if (b && ofTarget && formsAgree(ctx.profile, a.target, b.operator, b.right, false)) {
          const operand = contractedOperand(lang, b.right);
          data = { kind: 'contract', target: span(a.target), operator: b.operator, operand: span(operand), wrap: false };
        }
      } else {
        const op = a.operator.slice(0, -1);
        if (ctx.profile.expressions.compoundOperators.has(op) && formsAgree(ctx.profile, a.target, op, a.value, true)) {
          const wrap = needsParens(lang, a.value, op, 'right');
          data = { kind: 'expand', target: span(a.target), operator: op, operand: span(a.value), wrap };
        }
      }
      if (data) {
        sites.push({
          start: node.startIndex,
          end: node.endIndex,
          label: `${data.kind} \`${short(ctx.text(node))}\` at line ${ctx.lineOf(node.startIndex)}`,
          data,
        });
      }
    }
    return sites;
  },

  apply(ctx, site) {
    const d = site.data as ModifyData;
    const target = ctx.source.slice(d.target[0], d.target[1]);
    const operand = ctx.source.slice(d.operand[0], d.operand[1]);
    const expanded = `${target} = ${target} ${d.operator} ${d.wrap ? `(${operand})` : operand}`;
    const text = d.kind === 'expand' ? expanded : `${target} ${d.operator}= ${operand}`;
    const before = ctx.source.slice(site.start, site.end);
    return {
      edits: [{ start: site.start, end: site.end, text }],
      summary: `${d.kind}ed \`${short(before)}\` to \`${short(text)}\` at line ${ctx.lineOf(site.start)}`,
    };
  },
};
