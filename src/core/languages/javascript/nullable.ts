import type { Node } from 'web-tree-sitter';
import type { NullableParameter } from '../languageProfile';

/**
 * Every JavaScript parameter may be null or undefined. TypeScript's typed ones (required_parameter,
 * optional_parameter: only its grammar has them) only where the comparison type-checks under strict
 * null checks: a type without null still compares with `== null` and `=== undefined`.
 */
export function nullable(_fn: Node, list: Node): NullableParameter[] {
  const out: NullableParameter[] = [];
  const params = list.type === 'identifier' ? [list] : list.namedChildren;
  for (const p of params) {
    if (!p) continue;
    let name: Node | null = null;
    let typeText: string | null = null;
    let optional = false;
    if (p.type === 'identifier') name = p;
    else if (p.type === 'assignment_pattern') name = p.childForFieldName('left');
    else if (p.type === 'required_parameter' || p.type === 'optional_parameter') {
      name = p.childForFieldName('pattern');
      typeText = p.childForFieldName('type')?.text.replace(/^:\s*/, '') ?? null;
      optional = p.type === 'optional_parameter';
    }
    if (!name || name.type !== 'identifier') continue;
    const n = name.text;
    const strict = `(${n} === null)`;
    const loose = `(${n} == null)`;
    const undef = `(${n} === undefined)`;
    let conds = [strict, loose, undef];
    if (typeText !== null && !/^(any|unknown)$/.test(typeText.trim())) {
      conds = /\bnull\b/.test(typeText) ? [strict, loose] : [loose, undef];
    }
    if (optional) conds = [loose, undef];
    out.push({ name, tests: conds.map((c) => ({ condition: c, nothing: c.includes('undefined') ? 'undefined' : 'null' })) });
  }
  return out;
}
