import type { Node } from 'web-tree-sitter';
import { goLiteralType } from './expressionTypes';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * The type a Go `var x T` can be written with for a value, where it is certain without a type
 * checker: transforms/move-assignments.ts splits `x := v` into `var x T` and `x = v` with it
 * (its `var_declaration` and `short_var_declaration` are Go's nodes). The syntax layer's answers
 * come in `q` (syntax/declarations.ts TYPE_QUERIES).
 */

const GO_BASIC = /^(u?int(8|16|32|64)?|uintptr|float(32|64)|complex(64|128)|byte|rune|string|bool)$/;

/** The Go type of a value when it is certain without a type checker, or null. */
export function declarableType(root: Node, value: Node, q: TypeQueries): string | null {
  const v = q.unparenthesize(value);
  const literal = goLiteralType(v);
  if (literal) return literal;
  switch (v.type) {
    case 'true':
    case 'false':
      return 'bool';
    case 'unary_expression': {
      const arg = v.childForFieldName('operand');
      const op = v.childForFieldName('operator')?.text;
      return arg && (op === '-' || op === '+') && ['int_literal', 'float_literal'].includes(arg.type) ? declarableType(root, arg, q) : null;
    }
    case 'call_expression': {
      // a conversion to a basic type the file does not redefine: `int64(0)`
      const fn = v.childForFieldName('function');
      const args = v.childForFieldName('arguments')?.namedChildren ?? [];
      if (fn?.type !== 'identifier' || !GO_BASIC.test(fn.text) || args.length !== 1) return null;
      const redefines = (n: Node) =>
        (n.type === 'type_spec' || n.type === 'function_declaration') && n.childForFieldName('name')?.text === fn.text;
      return q.descendants(root, redefines).length === 0 ? fn.text : null;
    }
    case 'type_conversion_expression': {
      const type = v.childForFieldName('type');
      return type && GO_BASIC.test(type.text) ? type.text : null;
    }
    case 'composite_literal': {
      const type = v.childForFieldName('type');
      if (!type || type.text.includes('...')) return null;
      return type.text;
    }
    default:
      return null;
  }
}
