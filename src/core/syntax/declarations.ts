import type { Node } from 'web-tree-sitter';
import type { LanguageId } from '../languages/languageIds';
import { javaFieldDeclarations as javaFields } from '../languages/java/declarations';
import { profileOf } from '../languages/profiles';
import { collapse } from '../languages/writtenDeclarations';
import type { TreeQueries, WrittenDeclaration as Declaration } from '../languages/writtenDeclarations';
import { asBinary, unparenthesize } from './expressions';
import { ancestor, descendants, fieldName, identifiersIn, identifiersNamed, namedChildren, perTree } from './nodes';

/**
 * What a file says about a variable's type, without a type checker: the declarations of a name
 * in the function around a use (and the file's fields or globals), and for Python, whether a
 * name only ever holds numbers or strings. Every answer is "known" or "don't know"; callers
 * decline on "don't know".
 */

export type { WrittenDeclaration as Declaration } from '../languages/writtenDeclarations';

/** The nearest function (of the language's function kinds) around a node, or null at top level. */
export function enclosingFunction(lang: LanguageId, node: Node): Node | null {
  const kinds = profileOf(lang).functionTypes;
  for (let n = node.parent; n; n = n.parent) if (kinds.includes(n.type)) return n;
  return null;
}

/** The syntax layer's answers to the languages' readers of declarations (languages/writtenDeclarations.ts): one object for every call. */
const TREE_QUERIES: TreeQueries = { fieldName, ancestor, descendants, namedChildren, perTree };

/** The fields named `name` of the Java class around `at` (what `this.name` refers to). */
export function javaFieldDeclarations(at: Node, name: string): Declaration[] {
  return javaFields(at, name, TREE_QUERIES);
}

/**
 * Every declaration of `name` that may be the one a use at `at` refers to: those in the
 * enclosing function (all of them, whatever block they are in: callers want them all to agree),
 * else the enclosing class's fields (Java) or the file's globals (C, C++). Languages without
 * written declarations this reads (Go, JavaScript, TypeScript, Python) give [] (languages/<id>/declarations.ts).
 */
export function declarationsOf(lang: LanguageId, at: Node, name: string): Declaration[] {
  return declarationsRead(lang, at, name) ?? [];
}

/**
 * declarationsOf's answer, or null where the language has no written declarations to read
 * (Go, JavaScript, TypeScript, Python: `bindings.writtenDeclarations` is null): an empty list
 * then says nothing, and a caller may ask bindings.ts's declarationOf of the name's occurrences instead.
 */
export function declarationsRead(lang: LanguageId, at: Node, name: string): Declaration[] | null {
  const read = profileOf(lang).variables.bindings.writtenDeclarations;
  return read ? read(at, name, enclosingFunction(lang, at), TREE_QUERIES) : null;
}

// ---------------------------------------------------------------------------------------------
// Java types

export type JavaType = 'int' | 'long' | 'short' | 'byte' | 'char' | 'float' | 'double' | 'boolean' | 'String' | 'boxed' | 'other';

const JAVA_BOXES = new Set(['Integer', 'Long', 'Short', 'Byte', 'Character', 'Float', 'Double', 'Boolean']);

/** The type of a Java literal, or null for anything else. */
export function javaLiteralType(node: Node): JavaType | null {
  const n = unparenthesize(node);
  const text = n.text;
  switch (n.type) {
    case 'decimal_integer_literal':
    case 'hex_integer_literal':
    case 'octal_integer_literal':
    case 'binary_integer_literal':
      return /[lL]$/.test(text) ? 'long' : 'int';
    case 'decimal_floating_point_literal':
    case 'hex_floating_point_literal':
      return /[fF]$/.test(text) ? 'float' : 'double';
    case 'character_literal':
      return 'char';
    case 'string_literal':
      return 'String';
    case 'true':
    case 'false':
      return 'boolean';
    default:
      return null;
  }
}

function javaTypeName(text: string): JavaType {
  if (['int', 'long', 'short', 'byte', 'char', 'float', 'double', 'boolean'].includes(text)) return text as JavaType;
  if (text === 'String' || text === 'java.lang.String') return 'String';
  if (JAVA_BOXES.has(text)) return 'boxed';
  return 'other';
}

/**
 * The declared type of a Java variable (its element type when `element` is set and it is an
 * array), when every declaration of the name around `at` agrees; `var` takes its literal's type.
 */
export function javaTypeOf(at: Node, name: string, options: { element?: boolean; field?: boolean } = {}): JavaType | null {
  const element = options.element ?? false;
  const decls = options.field ? javaFieldDeclarations(at, name) : declarationsOf('java', at, name);
  if (decls.length === 0) return null;
  let result: JavaType | null = null;
  for (const d of decls) {
    if (d.kind === 'other' || !d.type) return null;
    let text = d.type;
    let array = d.array;
    if (d.typeNode?.type === 'array_type') {
      const el = d.typeNode.childForFieldName('element');
      const dims = d.typeNode.childForFieldName('dimensions')?.text.replace(/\s+/g, '') ?? '';
      if (!el || dims !== '[]' || array) return null;
      text = collapse(el.text);
      array = true;
    }
    if (array !== element) return null;
    const type = text === 'var' ? (d.value ? javaLiteralType(d.value) : null) : javaTypeName(text);
    if (!type || (result && result !== type)) return null;
    result = type;
  }
  return result;
}

// ---------------------------------------------------------------------------------------------
// C++ types

const CPP_ARITHMETIC = new RegExp(
  '^(unsigned |signed |short |long )*' +
    '(int|char|short|long|float|double|bool|unsigned|signed|wchar_t|char(8|16|32)_t|' +
    '(std::)?size_t|ssize_t|ptrdiff_t|(std::)?u?int(8|16|32|64)_t)$',
);
const CPP_STRING = /^(const )?(std::)?string$/;

export type CppType = 'arithmetic' | 'pointer' | 'string' | 'other';

function cppTypeText(text: string): string {
  return collapse(text.replace(/\b(const|volatile|static|constexpr|inline|register)\b/g, ''));
}

/**
 * What kind of value a C++ variable holds, by its declarations around `at`: a built-in
 * arithmetic type, a pointer, `std::string`, or anything else (class types whose operators
 * are not known). With `element`, the element type of an array, pointer, std::vector or std::array.
 */
export function cppTypeOf(at: Node, name: string, element = false): CppType | null {
  const decls = declarationsOf('cpp', at, name);
  if (decls.length === 0) return null;
  let result: CppType | null = null;
  for (const d of decls) {
    if (d.kind === 'other' || !d.type || !d.typeNode) return null;
    let type: CppType = 'other';
    const base = cppTypeText(d.type);
    if (element) {
      if (d.array || d.pointer) type = d.array && d.pointer ? 'other' : classify(base);
      else {
        const m = /^(std::)?(vector|array)\s*<\s*([^,<>]+?)\s*(,[^<>]*)?>$/.exec(base);
        type = m ? classify(cppTypeText(m[3])) : 'other';
        if (type === 'pointer') type = 'other';
      }
    } else if (d.array) type = 'other';
    else if (d.pointer) type = 'pointer';
    else if (base === 'auto') type = d.value ? cppLiteralType(d.value) ?? 'other' : 'other';
    else type = classify(base);
    if (result && result !== type) return null;
    result = type;
  }
  return result;
}

function classify(base: string): CppType {
  if (CPP_ARITHMETIC.test(base)) return 'arithmetic';
  if (CPP_STRING.test(base)) return 'string';
  return 'other';
}

/** The kind of a C++ literal (`auto x = 0` is arithmetic, `auto s = "a"` a pointer). */
export function cppLiteralType(node: Node): CppType | null {
  const n = unparenthesize(node);
  if (n.type === 'number_literal' || n.type === 'char_literal' || n.type === 'true' || n.type === 'false') return 'arithmetic';
  if (n.type === 'unary_expression' && ['-', '+'].includes(n.childForFieldName('operator')?.text ?? '')) {
    const arg = n.childForFieldName('argument');
    return arg && arg.type === 'number_literal' ? 'arithmetic' : null;
  }
  if (n.type === 'string_literal' || n.type === 'concatenated_string' || n.type === 'raw_string_literal') return 'pointer';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Rust types

const RUST_NUMERIC = /^(i8|i16|i32|i64|i128|isize|u8|u16|u32|u64|u128|usize|f32|f64)$/;

function rustNumericLiteral(node: Node): boolean {
  const n = unparenthesize(node);
  if (n.type === 'integer_literal' || n.type === 'float_literal') return true;
  if (n.type === 'unary_expression' && n.children[0]?.text === '-') {
    const arg = n.namedChildren[0];
    return arg !== null && arg !== undefined && (arg.type === 'integer_literal' || arg.type === 'float_literal');
  }
  return false;
}

/**
 * Whether a Rust name, used at `at`, is a `mut` binding of a primitive number everywhere it is
 * bound in the function: declared with an integer or float type, or initialised with a number literal.
 */
export function rustIsMutableNumber(at: Node, name: string): boolean {
  const decls = declarationsOf('rust', at, name);
  if (decls.length === 0) return false;
  return decls.every((d) => {
    if (d.kind === 'other' || !d.mutable) return false;
    if (d.type !== null) return RUST_NUMERIC.test(d.type);
    return d.value !== null && rustNumericLiteral(d.value);
  });
}

// ---------------------------------------------------------------------------------------------
// Python kinds

export type PyKind = 'num' | 'str';

const PY_SCOPES = new Set([
  'function_definition', 'class_definition', 'lambda',
  'list_comprehension', 'set_comprehension', 'dictionary_comprehension', 'generator_expression',
]);
const PY_NUM_BUILTINS = new Set(['int', 'float', 'len', 'ord', 'round']);
const PY_STR_BUILTINS = new Set(['str', 'chr', 'repr', 'format']);
const PY_STR_METHODS = new Set([
  'join', 'upper', 'lower', 'strip', 'lstrip', 'rstrip', 'replace', 'format', 'capitalize', 'title', 'center', 'ljust', 'rjust', 'zfill',
]);
const PY_ARITHMETIC = new Set(['+', '-', '*', '/', '//', '%', '**', '<<', '>>', '&', '|', '^']);
/** Parents of an identifier that bind it other than by assignment, augmented assignment, for loop or parameter. */
const PY_OTHER_BINDERS = new Set([
  'pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern', 'dictionary_splat_pattern', 'as_pattern_target',
  'as_pattern', 'aliased_import', 'dotted_name', 'global_statement', 'nonlocal_statement', 'delete_statement', 'case_pattern',
  'keyword_pattern', 'splat_pattern',
]);

/** One way a name gets a value: `=` value, an augmented operator and its operand, `in` an iterable, or a fixed kind. */
interface PyBinding {
  op: '=' | 'in' | 'fixed' | string;
  value: Node | null;
  fixed: PyKind | null;
}

/** The scope a Python name used at `at` lives in: its function or the module; null in a class body or comprehension. */
export function pythonScope(at: Node): Node | null {
  for (let n = at.parent; n; n = n.parent) {
    if (n.type === 'function_definition' || n.type === 'module') return n;
    if (PY_SCOPES.has(n.type)) return null;
  }
  return null;
}

function isIdentifier(n: Node | null): n is Node {
  return n !== null && n.type === 'identifier';
}

function walrusTarget(parent: Node, n: Node): boolean {
  return parent.type === 'named_expression' && sameNode(parent.childForFieldName('name'), n);
}

function sameNode(a: Node | null, b: Node): boolean {
  return a !== null && a.startIndex === b.startIndex && a.endIndex === b.endIndex;
}

/** A Python function's parameters with the identifier each binds (`*args` and `**kw` included). */
function pythonParameters(fn: Node): { name: Node; param: Node }[] {
  const out: { name: Node; param: Node }[] = [];
  for (const param of fn.childForFieldName('parameters')?.namedChildren ?? []) {
    if (!param) continue;
    const name = param.type === 'identifier' ? param : (param.childForFieldName('name') ?? param.namedChildren.find(isIdentifier));
    if (name) out.push({ name, param });
  }
  return out;
}

/** The names an assignment or for-loop target binds: `x`, `a, (b, c)`; not fields or elements. */
function pythonTargetNames(target: Node): string[] {
  if (target.type === 'identifier') return [target.text];
  if (['pattern_list', 'tuple_pattern', 'list_pattern', 'list_splat_pattern', 'parenthesized_expression'].includes(target.type)) {
    return target.namedChildren.flatMap((c) => (c ? pythonTargetNames(c) : []));
  }
  return [];
}

/**
 * Bindings per scope and name, once per tree: every statement's dataflow asks whether its names
 * are bound, and each answer walks the whole scope, so without this a step's site search grows
 * with the square of the unit.
 */
function pythonBindings(scope: Node, name: string): readonly PyBinding[] {
  return perTree(scope.tree, `py-bindings:${scope.id}:${name}`, () => scopeBindings(scope, name));
}

/**
 * The outermost def, class, lambda or comprehension other than `scope` between `within` (not
 * included) and the name `n`, or null: a name under one belongs to that inner scope.
 */
export function pythonNestedScope(n: Node, scope: Node, within: Node): Node | null {
  let nested: Node | null = null;
  for (let p = n.parent; p && p.id !== within.id; p = p.parent) if (p.id !== scope.id && PY_SCOPES.has(p.type)) nested = p;
  return nested;
}

function scopeBindings(scope: Node, name: string): PyBinding[] {
  const out: PyBinding[] = [];
  const unknown = () => out.push({ op: 'fixed', value: null, fixed: null });
  // A `global` or `nonlocal` declaration anywhere lets other functions rebind the name.
  let root = scope;
  while (root.parent) root = root.parent;
  if (new RegExp(`\\b(global|nonlocal)\\s[^\\n]*\\b${name}\\b`).test(root.text)) unknown();
  if (scope.type === 'function_definition') {
    for (const { name: pname, param } of pythonParameters(scope)) {
      if (pname.text !== name) continue;
      // Annotations are the only evidence about a parameter; `x=0` says nothing about what callers pass.
      const annotation = param.type.startsWith('typed') ? param.childForFieldName('type')?.text.trim() : undefined;
      const fixed = annotation === 'int' || annotation === 'float' ? 'num' : annotation === 'str' ? 'str' : null;
      out.push({ op: 'fixed', value: null, fixed });
    }
  }
  const body = scope.type === 'function_definition' ? scope.childForFieldName('body') : scope;
  if (!body) return out;
  for (const n of identifiersNamed(body, name)) {
    const nested = pythonNestedScope(n, scope, body);
    if (nested) {
      if (sameNode(nested.childForFieldName('name'), n)) unknown(); // a nested def or class binds its name here
      continue;
    }
    const parent = n.parent;
    if (parent) {
      const isLeft = sameNode(parent.childForFieldName('left'), n);
      if (isLeft && parent.type === 'assignment') {
        let value = parent.childForFieldName('right');
        while (value?.type === 'assignment') value = value.childForFieldName('right');
        if (value) out.push({ op: '=', value, fixed: null }); // `x: int` alone binds nothing
      } else if (isLeft && parent.type === 'augmented_assignment') {
        out.push({ op: parent.childForFieldName('operator')?.text ?? '?', value: parent.childForFieldName('right'), fixed: null });
      } else if (isLeft && parent.type === 'for_statement') {
        const iter = parent.childForFieldName('right');
        const range = iter?.type === 'call' && iter.childForFieldName('function')?.text === 'range' && !shadowsBuiltin(scope, 'range');
        out.push(range ? { op: 'fixed', value: null, fixed: 'num' } : { op: 'in', value: iter, fixed: null });
      } else if (PY_OTHER_BINDERS.has(parent.type) || walrusTarget(parent, n)) {
        unknown();
      }
    }
  }
  return out;
}

/** Whether the file binds a builtin's name itself (a def, an assignment, a parameter, an import). */
export function shadowsBuiltin(anyNode: Node, name: string): boolean {
  return perTree(anyNode.tree, `shadows-builtin:${name}`, () => {
    const declared = `\\b(def|class|as|import|global|nonlocal)\\s+${name}\\b`;
    const assigned = `(^|[^.\\w])${name}\\s*(:[^=\\n]*)?=[^=]`;
    const parameter = `[(,]\\s*\\*{0,2}${name}\\s*[,):=]`;
    return new RegExp(`${declared}|${assigned}|${parameter}`, 'm').test(anyNode.tree.rootNode.text);
  });
}

/**
 * What a Python name holds where `at` uses it, when its bindings in its scope prove it: 'num'
 * when every binding gives an int, float or bool, 'str' when every one gives a str. Parameters
 * without an int/float/str annotation, tuple targets, imports and globals make a name unknown.
 * (Lists are what this guards against: `a += b` extends a list in place, `a = a + b` copies it.)
 */
export function pythonKindOf(at: Node, name: string): PyKind | null {
  const scope = pythonScope(at);
  if (!scope) return null;
  // a fact about the scope's bindings of the name, asked for every operand of every site
  return perTree(scope.tree, `py-kind:${scope.id}:${name}`, () => pythonKindIn(scope, name));
}

function pythonKindIn(scope: Node, name: string): PyKind | null {
  const bindings = new Map<string, readonly PyBinding[]>();
  // Every name the target's bindings read, transitively: the kinds to solve for.
  const pending = [name];
  while (pending.length > 0) {
    const n = pending.pop()!;
    if (bindings.has(n)) continue;
    const bs = pythonBindings(scope, n);
    bindings.set(n, bs);
    for (const b of bs) if (b.value) pending.push(...identifiersIn(b.value));
  }
  // Greatest fixed point: guess each name's kind from one of its bindings (literals first, then
  // names already guessed), then drop every guess some binding contradicts, until none does.
  // What survives holds by induction over the program's assignments.
  const guesses = new Map<string, PyKind | null>();
  const reads = (n: string) => guesses.get(n) ?? null;
  for (let guessed = true; guessed; ) {
    guessed = false;
    for (const [n, bs] of bindings) {
      if (guesses.get(n)) continue;
      for (const b of bs) {
        const kind = b.op === 'fixed' ? b.fixed : b.op === '=' && b.value ? pythonExpressionKind(b.value, reads) : null;
        if (kind) {
          guesses.set(n, kind);
          guessed = true;
          break;
        }
      }
    }
  }
  for (let changed = true; changed; ) {
    changed = false;
    for (const [n, guess] of guesses) {
      if (guess && !bindings.get(n)!.every((b) => bindingKind(b, guess, reads) === guess)) {
        guesses.set(n, null);
        changed = true;
      }
    }
  }
  return guesses.get(name) ?? null;
}

function bindingKind(b: PyBinding, current: PyKind, reads: (n: string) => PyKind | null): PyKind | null {
  if (b.op === 'fixed') return b.fixed;
  if (!b.value) return null;
  const value = pythonExpressionKind(b.value, reads);
  if (b.op === '=') return value;
  if (b.op === 'in') return value === 'str' ? 'str' : null; // iterating a str yields strs
  const op = b.op.slice(0, -1);
  // An operand of unknown kind cannot turn a number or a str into a list (int + list and
  // str + list raise), except by repetition: 2 * [0] is a list.
  if (value === null) {
    const keeps = current === 'num' ? PY_ARITHMETIC.has(op) && op !== '*' : ['+', '%', '*'].includes(op);
    return keeps ? current : null;
  }
  return combine(current, op, value);
}

function combine(left: PyKind | null, op: string, right: PyKind | null): PyKind | null {
  if (!left || !right) return null;
  if (left === 'num' && right === 'num') return PY_ARITHMETIC.has(op) ? 'num' : null;
  if (op === '+' && left === 'str' && right === 'str') return 'str';
  if (op === '*' && left !== right) return 'str';
  if (op === '%' && left === 'str') return 'str';
  return null;
}

/** The kind of a Python expression, given the kinds of the names it reads. */
export function pythonExpressionKind(node: Node, reads: (name: string) => PyKind | null): PyKind | null {
  const n = unparenthesize(node);
  switch (n.type) {
    case 'integer':
    case 'float':
    case 'true':
    case 'false':
      return 'num';
    case 'string':
    case 'concatenated_string':
      return /^[rRfFuU]*["']/.test(n.text) ? 'str' : null; // bytes are not str
    case 'identifier':
      return reads(n.text);
    case 'unary_operator': {
      const arg = n.childForFieldName('argument');
      return arg && pythonExpressionKind(arg, reads) === 'num' ? 'num' : null;
    }
    case 'binary_operator': {
      const b = asBinary('python', n);
      return b ? combine(pythonExpressionKind(b.left, reads), b.operator, pythonExpressionKind(b.right, reads)) : null;
    }
    case 'conditional_expression': {
      const [a, , c] = n.namedChildren;
      if (!a || !c) return null;
      const k = pythonExpressionKind(a, reads);
      return k && k === pythonExpressionKind(c, reads) ? k : null;
    }
    case 'call': {
      const fn = n.childForFieldName('function');
      if (fn?.type === 'identifier') {
        if (PY_NUM_BUILTINS.has(fn.text) && !shadowsBuiltin(n, fn.text)) return 'num';
        if (PY_STR_BUILTINS.has(fn.text) && !shadowsBuiltin(n, fn.text)) return 'str';
      } else if (fn?.type === 'attribute') {
        const object = fn.childForFieldName('object');
        const method = fn.childForFieldName('attribute')?.text ?? '';
        if (object && PY_STR_METHODS.has(method) && pythonExpressionKind(object, reads) === 'str') return 'str';
      }
      return null;
    }
    default:
      return null;
  }
}

/** Whether a statement, run to completion, has bound `name` (an assignment, import, def or class at its top). */
function pythonStatementBinds(statement: Node, name: string): boolean {
  switch (statement.type) {
    case 'expression_statement':
      return statement.namedChildren.some((c) => {
        const assigns = (a: Node | null): a is Node => a !== null && (a.type === 'assignment' || a.type === 'augmented_assignment');
        for (let a: Node | null = c; assigns(a); a = a.childForFieldName('right')) {
          const left = a.childForFieldName('left');
          if (left && pythonTargetNames(left).includes(name)) return true;
          if (a.type === 'augmented_assignment') return false;
        }
        return false;
      });
    case 'function_definition':
    case 'class_definition':
      return statement.childForFieldName('name')?.text === name;
    case 'decorated_definition': {
      const def = statement.childForFieldName('definition');
      return def !== null && pythonStatementBinds(def, name);
    }
    case 'import_statement':
    case 'import_from_statement':
      return new RegExp(`\\b${name}\\b`).test(statement.text);
    default:
      return false;
  }
}

/**
 * Whether a statement of `block` that starts before `offset` binds `name`. Asked for every name a
 * statement reads, of every block around it, so each block's bindings are read once per tree:
 * per name the first statement binding it, and the imports, which pythonStatementBinds matches
 * by their text.
 */
function pythonBoundBefore(block: Node, name: string, offset: number): boolean {
  const { first, imports } = perTree(block.tree, `py-block-bindings:${block.id}`, () => {
    const first = new Map<string, number>();
    const imports: Node[] = [];
    const names = (statement: Node): string[] => {
      switch (statement.type) {
        case 'expression_statement':
          return namedChildren(statement).flatMap((c) => {
            const out: string[] = [];
            for (let a: Node | null = c; a && (a.type === 'assignment' || a.type === 'augmented_assignment'); a = a.childForFieldName('right')) {
              const left = a.childForFieldName('left');
              if (left) out.push(...pythonTargetNames(left));
              if (a.type === 'augmented_assignment') break;
            }
            return out;
          });
        case 'function_definition':
        case 'class_definition':
          return [statement.childForFieldName('name')?.text ?? ''];
        case 'decorated_definition': {
          const def = statement.childForFieldName('definition');
          return def ? names(def) : [];
        }
        default:
          return [];
      }
    };
    for (const statement of namedChildren(block)) {
      if (statement.type === 'import_statement' || statement.type === 'import_from_statement') imports.push(statement);
      for (const bound of names(statement)) if (!first.has(bound)) first.set(bound, statement.startIndex);
    }
    return { first, imports };
  });
  if ((first.get(name) ?? Infinity) < offset) return true;
  return imports.some((statement) => statement.startIndex < offset && pythonStatementBinds(statement, name));
}

/**
 * Whether a Python name is certainly bound when `at` runs: a parameter, a name its scope never
 * binds (a global or builtin), the variable of an enclosing for loop, or bound by a statement
 * that runs before `at` in the same block or an enclosing one. A name bound only in some branches
 * may be unbound (reading it raises), so a rewrite must not make it read where it was not.
 */
export function pythonDefinitelyBound(at: Node, name: string): boolean {
  // A comprehension's or a lambda's own variables are bound inside it; other names come from outside.
  let inner: Node = at;
  for (let n = at.parent; n && !['function_definition', 'class_definition', 'module'].includes(n.type); n = n.parent) {
    if (!PY_SCOPES.has(n.type)) continue;
    const bound = n.type === 'lambda'
      ? pythonParameters(n).some((p) => p.name.text === name)
      : n.namedChildren.some((c) => c?.type === 'for_in_clause' && pythonTargetNames(c.childForFieldName('left') ?? c).includes(name));
    if (bound) return true;
    inner = n;
  }
  const scope = pythonScope(inner);
  if (!scope) return false;
  const bindings = pythonBindings(scope, name);
  if (bindings.length === 0) return true;
  if (scope.type === 'function_definition' && pythonParameters(scope).some((p) => p.name.text === name)) return true;
  for (let n: Node = at; n.parent && n !== scope; n = n.parent) {
    const parent = n.parent;
    if (parent.type === 'for_statement' && sameNode(parent.childForFieldName('body'), n)) {
      const left = parent.childForFieldName('left');
      if (left && pythonTargetNames(left).includes(name)) return true;
    }
    if ((parent.type === 'block' || parent.type === 'module') && pythonBoundBefore(parent, name, n.startIndex)) return true;
  }
  return false;
}
