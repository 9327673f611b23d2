import type { Node } from 'web-tree-sitter';
import { javaFieldDeclarations } from './declarations';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * What a Java lambda may capture, and which expressions must stay where they are because they are
 * constant (extract-arithmetic and extract-if, reached where `helpers.functionalInterfaces` or
 * `helpers.resultTypes` says Java's rules). The syntax layer's answers come in `q`
 * (syntax/declarations.ts TYPE_QUERIES).
 */

/** Whether Java lets a lambda capture the local `name` used at `at`: it is a field, or effectively final. */
export function javaCapturable(at: Node, name: string, q: TypeQueries): boolean {
  const decls = q.declarationsOf('java', at, name);
  if (decls.length === 0) return true;
  if (decls.every((d) => d.kind === 'field')) {
    // a constructor's lambda may not read a blank final field it has yet to assign
    if (!q.ancestor(at, ['constructor_declaration'])) return true;
    return !decls.some((d) => d.value === null && /\bfinal\b/.test(q.namedChildren(d.node).find((c) => c.type === 'modifiers')?.text ?? ''));
  }
  const method = q.ancestor(at, ['method_declaration', 'constructor_declaration', 'lambda_expression', 'static_initializer']);
  const scope = q.ancestor(at, ['method_declaration', 'constructor_declaration', 'static_initializer']) ?? method;
  if (!scope) return false;
  for (const d of decls) {
    const hasValue = d.value !== null || d.kind === 'parameter' || d.node.type === 'enhanced_for_statement' || d.kind === 'other';
    if (!hasValue) return false;
  }
  const assigned = q.descendants(scope, (n) => {
    if (n.type === 'assignment_expression') return q.unparenthesize(n.childForFieldName('left') ?? n).text === name;
    if (n.type === 'update_expression') return n.namedChildren.some((c) => c !== null && q.unparenthesize(c).text === name);
    return false;
  });
  return assigned.length === 0;
}

/**
 * Whether a Java expression is a constant expression (literals and final variables only): its
 * value may be narrowed implicitly (`byte b = K * 2`) or be required constant, which a call is not.
 */
export function javaConstantExpression(node: Node, q: TypeQueries): boolean {
  return q.descendants(node, (n) => n.type === 'identifier').every((id) => {
    const decls = q.declarationsOf('java', id, id.text);
    const all = decls.length > 0 ? decls : javaFieldDeclarations(id, id.text, q);
    return all.length > 0 && all.every((d) => /\bfinal\b/.test(q.namedChildren(d.node).find((c) => c.type === 'modifiers')?.text ?? ''));
  });
}

