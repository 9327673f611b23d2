import type { Node } from 'web-tree-sitter';
import { ARITHMETIC, BITWISE } from '../numericTypes';
import type { NumericQueries, NumType } from '../numericTypes';
import { ELEMENT, javaLiteralType, javaTypeOf } from './types';

/** What Java's literals, casts and declarations prove about an expression's numeric type, with binary numeric promotion. */
export function numericType(node: Node, q: NumericQueries): NumType | null {
  return javaType(node, q);
}

const JAVA_TYPES: Record<string, NumType> = {
  byte: { family: 'int', unsigned: false, rank: 1, spelling: 'byte' },
  char: { family: 'int', unsigned: true, rank: 1, spelling: 'char' },
  short: { family: 'int', unsigned: false, rank: 2, spelling: 'short' },
  int: { family: 'int', unsigned: false, rank: 3, spelling: 'int' },
  long: { family: 'int', unsigned: false, rank: 4, spelling: 'long' },
  float: { family: 'float', unsigned: false, rank: 1, spelling: 'float' },
  double: { family: 'float', unsigned: false, rank: 2, spelling: 'double' },
};

/** Java's binary numeric promotion. */
function javaPromote(a: NumType, b: NumType): NumType {
  if (a.family === 'float' || b.family === 'float') {
    const r = Math.max(a.family === 'float' ? a.rank : 0, b.family === 'float' ? b.rank : 0);
    return r === 2 ? JAVA_TYPES.double : JAVA_TYPES.float;
  }
  return a.rank === 4 || b.rank === 4 ? JAVA_TYPES.long : JAVA_TYPES.int;
}

function javaType(node: Node, q: NumericQueries): NumType | null {
  const n = q.unparenthesize(node);
  const literal = javaLiteralType(n, q);
  if (literal) return JAVA_TYPES[literal] ?? null;
  switch (n.type) {
    case 'identifier': {
      const t = javaTypeOf(n, n.text, q);
      return t ? (JAVA_TYPES[t] ?? null) : null;
    }
    case 'array_access': {
      const array = n.childForFieldName('array');
      const t = array?.type === 'identifier' ? javaTypeOf(n, array.text, q, ELEMENT) : null;
      return t ? (JAVA_TYPES[t] ?? null) : null;
    }
    case 'field_access': {
      // the length of an array the file declares
      const object = n.childForFieldName('object');
      if (n.childForFieldName('field')?.text !== 'length' || object?.type !== 'identifier') return null;
      const decls = q.declarationsOf('java', n, object.text);
      return decls.length > 0 && decls.every((d) => d.array || d.typeNode?.type === 'array_type') ? JAVA_TYPES.int : null;
    }
    case 'method_invocation': {
      // String.length() and Collection.size() on a variable of a known class
      const name = n.childForFieldName('name')?.text;
      const object = n.childForFieldName('object');
      const args = n.childForFieldName('arguments');
      if (!object || object.type !== 'identifier' || (args && q.namedChildren(args).length > 0)) return null;
      const decls = q.declarationsOf('java', n, object.text);
      const typed = (re: RegExp) => decls.length > 0 && decls.every((d) => d.type !== null && !d.array && re.test(d.type));
      if (name === 'length' && typed(/^String$/)) return JAVA_TYPES.int;
      if (name === 'size' && typed(/^(List|ArrayList|LinkedList|Set|HashSet|TreeSet|Map|HashMap|TreeMap|Deque|ArrayDeque)\b/)) return JAVA_TYPES.int;
      return null;
    }
    case 'cast_expression': {
      const type = n.childForFieldName('type');
      return type ? (JAVA_TYPES[type.text] ?? null) : null;
    }
    case 'unary_expression': {
      const op = n.childForFieldName('operator')?.text;
      const operand = n.childForFieldName('operand');
      const t = operand && javaType(operand, q);
      if (!t || !['-', '+', '~'].includes(op ?? '') || (op === '~' && t.family !== 'int')) return null;
      return javaPromote(t, JAVA_TYPES.int);
    }
    case 'binary_expression': {
      const b = q.asBinary('java', n);
      if (!b) return null;
      const x = javaType(b.left, q);
      const y = javaType(b.right, q);
      if (!x || !y) return null;
      if (b.operator === '<<' || b.operator === '>>' || b.operator === '>>>') return x.family === 'int' && y.family === 'int' ? javaPromote(x, JAVA_TYPES.int) : null;
      if (BITWISE.has(b.operator)) return x.family === 'int' && y.family === 'int' ? javaPromote(x, y) : null;
      return ARITHMETIC.has(b.operator) ? javaPromote(x, y) : null;
    }
    default:
      return null;
  }
}

