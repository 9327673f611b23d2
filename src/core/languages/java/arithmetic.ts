import type { Node } from 'web-tree-sitter';
import { ELEMENT, FIELD, javaLiteralType, javaTypeOf } from './types';
import type { JavaType } from './types';
import type { TypeQueries } from '../writtenDeclarations';

/**
 * The type of a Java arithmetic expression after binary numeric promotion, which a static helper
 * declares as its result (extract-arithmetic, reached where `helpers.resultTypes` is
 * 'binary-numeric-promotion'). The syntax layer's answers come in `q` (syntax/declarations.ts q).
 */

/** Java's arithmetic and bitwise operators (syntax/helpers.ts ARITHMETIC_OPS with Java's `>>>`, less the operators Java has not). */
const JAVA_ARITHMETIC = new Set(['+', '-', '*', '/', '%', '<<', '>>', '>>>', '&', '|', '^']);

const JAVA_NUMERIC: readonly JavaType[] = ['int', 'long', 'short', 'byte', 'char', 'float', 'double'];
const JAVA_SIZE_TYPES = new RegExp(
  '^(java\\.util\\.)?(List|ArrayList|LinkedList|Set|HashSet|TreeSet|LinkedHashSet|Map|HashMap|TreeMap|LinkedHashMap|' +
    'Collection|Deque|ArrayDeque|Queue|PriorityQueue|Stack|Vector)\\b',
);

/** Binary numeric promotion. */
function javaPromote(a: JavaType, b: JavaType): JavaType {
  for (const t of ['double', 'float', 'long'] as const) if (a === t || b === t) return t;
  return 'int';
}

/**
 * The type of a Java arithmetic expression (after promotion: `byte * byte` is int), when every
 * operand's type is known: declared variables and fields, array elements, `.length`, literals,
 * casts, `Math` functions, String `length()` and collection `size()`. Null otherwise.
 */
export function javaArithmeticType(node: Node, q: TypeQueries): JavaType | null {
  const typeOf = (n: Node): JavaType | null => {
    const inner = q.unparenthesize(n);
    const literal = javaLiteralType(inner, q);
    if (literal) return JAVA_NUMERIC.includes(literal) ? literal : null;
    switch (inner.type) {
      case 'identifier':
        return numeric(javaTypeOf(inner, inner.text, q, q.declarationsOf('java', inner, inner.text).length === 0 ? FIELD : undefined));
      case 'array_access': {
        const arr = q.unparenthesize(inner.childForFieldName('array') ?? inner);
        return arr.type === 'identifier' ? numeric(javaTypeOf(arr, arr.text, q, ELEMENT)) : null;
      }
      case 'field_access': {
        const object = q.unparenthesize(inner.childForFieldName('object') ?? inner);
        const field = inner.childForFieldName('field')?.text;
        if (field === 'length' && object.type === 'identifier') return javaTypeOf(object, object.text, q, ELEMENT) ? 'int' : null;
        if (object.type === 'this' && field) return numeric(javaTypeOf(inner, field, q, FIELD));
        return null;
      }
      case 'cast_expression': {
        const type = inner.childForFieldName('type')?.text ?? '';
        return JAVA_NUMERIC.includes(type as JavaType) ? (type as JavaType) : null;
      }
      case 'unary_expression': {
        const op = inner.childForFieldName('operator')?.text;
        const arg = inner.childForFieldName('operand');
        if (!arg || op === '!') return null;
        const t = typeOf(arg);
        return t ? javaPromote(t, 'int') : null;
      }
      case 'method_invocation': {
        const object = inner.childForFieldName('object');
        const name = inner.childForFieldName('name')?.text ?? '';
        const args = q.namedChildren(inner.childForFieldName('arguments') ?? inner).filter((c) => !c.type.endsWith('comment'));
        if (object?.text === 'Math') {
          if (['sqrt', 'pow', 'floor', 'ceil', 'exp', 'log', 'log10', 'sin', 'cos', 'hypot', 'cbrt'].includes(name)) return 'double';
          if (['abs', 'max', 'min'].includes(name) && args.length > 0) {
            const types = args.map(typeOf);
            if (types.some((t) => t === null)) return null;
            return (types as JavaType[]).reduce((a, b) => javaPromote(a, b), 'int' as JavaType);
          }
          return null;
        }
        if (object?.type === 'identifier' && args.length === 0) {
          const decls = q.declarationsOf('java', object, object.text);
          const type = agree(decls.map((d) => (d.kind === 'other' ? null : d.type)));
          if (name === 'length' && javaTypeOf(object, object.text, q) === 'String') return 'int';
          if (name === 'size' && type && JAVA_SIZE_TYPES.test(type)) return 'int';
        }
        return null;
      }
      case 'binary_expression': {
        const b = q.asBinary('java', inner);
        if (!b || !JAVA_ARITHMETIC.has(b.operator)) return null;
        const l = typeOf(b.left);
        const r = typeOf(b.right);
        if (!l || !r) return null;
        const floating = ['float', 'double'].includes(l) || ['float', 'double'].includes(r);
        if (['<<', '>>', '>>>'].includes(b.operator)) return floating ? null : javaPromote(l, 'int');
        if (['&', '|', '^'].includes(b.operator) && floating) return null;
        return javaPromote(l, r);
      }
      default:
        return null;
    }
  };
  return typeOf(node);
}

function numeric(t: JavaType | null): JavaType | null {
  return t && JAVA_NUMERIC.includes(t) ? t : null;
}

/** The one value all known values agree on, or null when one is unknown or they differ. */
function agree<T>(values: (T | null)[]): T | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.every((v) => v === values[0]) ? values[0] : null;
}

