import type { Node } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * How TypeScript writes what transforms/switch-to-if.ts reads of a switch: a subject whose type
 * is no union for the switch to exhaust. The syntax layer's answers come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

/** A subject declared `number` or `string`: no union for a switch to exhaust. */
export function tsOpenSubject(subject: Node | null, temp: boolean, q: TypeQueries): boolean {
  if (!subject || temp || subject.type !== 'identifier') return false;
  let scope: Node | null = subject;
  while (scope && !['function_declaration', 'arrow_function', 'method_definition', 'function_expression', 'program'].includes(scope.type)) scope = scope.parent;
  if (!scope) return false;
  const decls = q.descendants(scope, (d) => (d.type === 'required_parameter' || d.type === 'variable_declarator') &&
    (d.childForFieldName('pattern') ?? d.childForFieldName('name'))?.text === subject.text);
  return decls.length > 0 && decls.every((d) => /^:\s*(number|string)$/.test(d.childForFieldName('type')?.text ?? ''));
}
