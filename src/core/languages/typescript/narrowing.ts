import type { Node, Tree } from 'web-tree-sitter';
import type { TypeQueries } from '../writtenDeclarations';
import { blocks } from './blocks';

/**
 * What TypeScript narrows and declares, read without a type checker: whether moving an
 * expression into a closure may lose a narrowing (a type error), and the type a name is declared
 * with where it is read (the typed parameters of TypeScript's local helper). Reached through
 * syntax/helpers.ts losesNarrowing where `narrowsOnTests` holds, and through the `declaredType`
 * query of `helpers.localHelper`. The syntax layer's answers come in `q` (syntax/helpers.ts
 * NARROWING_QUERIES, made once).
 */

/** The unit read (syntax/context.ts UnitContext): its file. */
export interface NarrowingUnit {
  readonly tree: Tree;
  readonly root: Node;
}

/** A cheap test of a region's text that says whether it may hold what is sought (syntax/nodeTable.ts MayHold). */
export type RegionTest = (text: string, root: Node) => boolean;

/** The syntax layer's answers these readers ask, beyond TypeQueries: one object, made once. */
export interface NarrowingQueries<U extends NarrowingUnit> extends TypeQueries {
  /** The names `node` reads that it does not declare itself (syntax/helpers.ts freeNames). */
  freeNames(unit: U, node: Node): readonly { name: string }[];
  /** The nodes of the given kinds under `root`, reading only the regions `mayHold` accepts (syntax/nodes.ts). */
  nodesOfType(root: Node, types: readonly string[], mayHold?: RegionTest): Node[];
  /** A region test that accepts what all the tests accept. */
  allOf(...tests: RegionTest[]): RegionTest;
  /** Region tests: the text holds the word `type`; the text holds `|`. */
  readonly holdingType: RegionTest;
  readonly holdingBar: RegionTest;
  /** Whether the node is a null or undefined literal (syntax/expressions.ts). */
  isNullLiteral(node: Node): boolean;
}


/**
 * Whether moving `node` into a closure may lose a narrowing TypeScript applied to what it
 * reads, which becomes a type error: it reads a reference (a variable, `this`, or a member path
 * like `p.name`) that the function narrows somewhere (typeof, instanceof, `in`, comparisons
 * with literals, truthiness, `?.`, `!`, type guard calls, a discriminant `p.kind === 'a'`
 * narrows `p`), or a variable declared with a union, optional or any/unknown type.
 */
export function tsNarrowingHazard<U extends NarrowingUnit>(ctx: U, node: Node, q: NarrowingQueries<U>): boolean {
  const fn = q.ancestor(node, blocks.functionScopes);
  const scope = fn ?? ctx.root;
  const narrowed = tsNarrowed(scope, q);
  for (const ref of q.descendants(node, (n) => ['identifier', 'this', 'member_expression'].includes(n.type))) {
    const path = referencePath(ref, q);
    // narrowing a number, string or boolean leaves every operation on it valid
    if (path && narrowed.has(path) && !TS_PRIMITIVE.test(tsDeclaredType(ctx, scope, path, q) ?? '')) return true;
  }
  const names = new Set(q.freeNames(ctx, node).map((o) => o.name));
  const unionAliases = q.perTree(ctx.tree, 'ts-union-aliases', () =>
    new Set(
      // a union alias's text has `type` and `|`: regions without both hold none
      q.nodesOfType(ctx.root, ['type_alias_declaration'], q.allOf(q.holdingBar, q.holdingType))
        .filter((n) => /\|/.test(n.childForFieldName('value')?.text ?? ''))
        .map((n) => n.childForFieldName('name')?.text ?? ''),
    ),
  );
  for (const d of tsDeclarations(scope, q)) {
    const id = d.childForFieldName('pattern') ?? d.childForFieldName('name');
    if (!id || !names.has(id.text)) continue;
    const type = d.childForFieldName('type')?.text.replace(/^:\s*/, '') ?? '';
    if (d.type === 'optional_parameter' || /[|?]|\bany\b|\bunknown\b/.test(type)) return true;
    if ((type.match(/[A-Za-z_$][\w$]*/g) ?? []).some((w) => unionAliases.has(w))) return true;
  }
  return false;
}

const TS_DECLARING = ['required_parameter', 'optional_parameter', 'variable_declarator', 'for_in_statement'];

/** Parameters, declarators and for-in/of loops in `scope`, in source order. */
function tsDeclarations(scope: Node, q: TypeQueries & { nodesOfType(root: Node, types: readonly string[]): Node[] }): Node[] {
  return q.perTree(scope.tree, `ts-declarations:${scope.id}`, () => q.nodesOfType(scope, TS_DECLARING));
}

/** The reference paths `scope` narrows anywhere (see tsNarrowingHazard). */
function tsNarrowed<U extends NarrowingUnit>(scope: Node, q: NarrowingQueries<U>): Set<string> {
  return q.perTree(scope.tree, `ts-narrowed:${scope.id}`, () => {
    const narrowed = new Set<string>();
    const mark = (n: Node | null) => {
      if (!n) return;
      const inner = q.unparenthesize(n);
      const path = referencePath(inner, q);
      if (path) narrowed.add(path);
      if (inner.type === 'call_expression') {
        // a type guard narrows its arguments, a guard method its object
        const callee = inner.childForFieldName('function');
        if (callee?.type === 'member_expression') mark(callee.childForFieldName('object'));
        for (const arg of q.namedChildren(inner.childForFieldName('arguments') ?? inner)) if (arg !== callee) mark(arg);
      }
      if (inner.type === 'unary_expression' && inner.childForFieldName('operator')?.text === '!') mark(inner.childForFieldName('argument'));
    };
    const literal = (x: Node) => q.isNullLiteral(x) || TS_LITERALS.includes(q.unparenthesize(x).type);
    const markCompared = (x: Node) => {
      const inner = q.unparenthesize(x);
      mark(inner);
      if (inner.type === 'member_expression') mark(inner.childForFieldName('object')); // a discriminant narrows its object
    };
    const visit = (n: Node) => {
      switch (n.type) {
        case 'unary_expression': {
          const op = n.childForFieldName('operator')?.text;
          if (op === 'typeof' || op === '!') mark(n.childForFieldName('argument'));
          break;
        }
        case 'binary_expression': {
          const b = q.asBinary('typescript', n);
          if (!b) break;
          if (b.operator === 'instanceof') mark(b.left);
          if (b.operator === 'in') mark(b.right);
          if (['&&', '||', '??'].includes(b.operator)) {
            mark(b.left);
            mark(b.right);
          }
          if (['==', '!=', '===', '!=='].includes(b.operator)) {
            if (literal(b.right)) markCompared(b.left);
            if (literal(b.left)) markCompared(b.right);
            if (q.unparenthesize(b.left).type === 'unary_expression' || q.unparenthesize(b.right).type === 'unary_expression') {
              mark(b.left);
              mark(b.right);
            }
          }
          break;
        }
        case 'non_null_expression':
          mark(n.namedChildren[0]);
          break;
        case 'member_expression':
        case 'call_expression':
        case 'subscript_expression':
          if (n.children.some((c) => c?.type === 'optional_chain' || c?.type === '?.')) {
            mark(n.childForFieldName('object') ?? n.childForFieldName('function'));
          }
          break;
        case 'if_statement':
        case 'while_statement':
        case 'do_statement':
        case 'ternary_expression':
        case 'for_statement':
          mark(n.childForFieldName('condition'));
          break;
        case 'switch_statement':
          markCompared(n.childForFieldName('value') ?? n);
          break;
      }
      for (const c of q.namedChildren(n)) visit(c);
    };
    visit(scope);
    return narrowed;
  });
}

const TS_LITERALS = ['string', 'number', 'true', 'false', 'template_string', 'undefined'];

const TS_PRIMITIVE = /^(number|string|boolean|bigint)(\[\])*$/;

/**
 * The declared type of a reference path (`p`, `p.name`) read from annotations, literal
 * initialisers, for-of over an annotated array, and the properties of the file's interfaces
 * and classes; null when this cannot tell or declarations disagree.
 */
function tsDeclaredType<U extends NarrowingUnit>(ctx: U, scope: Node, path: string, q: NarrowingQueries<U>): string | null {
  return q.perTree(ctx.tree, `ts-declared-type:${scope.id}:${path}`, () => declaredType(ctx, scope, path, q));
}

function declaredType<U extends NarrowingUnit>(ctx: U, scope: Node, path: string, q: NarrowingQueries<U>): string | null {
  const [root, ...members] = path.split('.');
  if (!/^[A-Za-z_$][\w$]*$/.test(root) || root === 'this') return null;
  const types: (string | null)[] = [];
  const annotation = (n: Node) => n.childForFieldName('type')?.text.replace(/^:\s*/, '').trim() ?? null;
  const literalType = (v: Node | null) => {
    const t = v ? q.unparenthesize(v).type : '';
    if (t === 'number') return 'number';
    if (t === 'string' || t === 'template_string') return 'string';
    return t === 'true' || t === 'false' ? 'boolean' : null;
  };
  for (const d of tsDeclarations(scope, q)) {
    if (d.type === 'for_in_statement') {
      const left = q.unparenthesize(d.childForFieldName('left') ?? d);
      if (left.type !== 'identifier' || left.text !== root) continue;
      const over = d.childForFieldName('right');
      const overType = over && d.children.some((c) => c?.type === 'of') ? tsDeclaredType(ctx, scope, over.text, q) : null;
      // `readonly T[]` holds Ts: the modifier belongs to the array type, and `readonly T` alone does not compile
      types.push(overType?.endsWith('[]') ? overType.slice(0, -2).replace(/^readonly\s+/, '') : null);
      continue;
    }
    const id = d.childForFieldName('pattern') ?? d.childForFieldName('name');
    if (id?.type !== 'identifier' || id.text !== root) continue;
    types.push(annotation(d) ?? (d.type === 'variable_declarator' ? literalType(d.childForFieldName('value')) : null));
  }
  let type = agree(types);
  for (const member of members) {
    if (member === 'length' && type && (type === 'string' || type.endsWith('[]'))) {
      type = 'number';
      continue;
    }
    if (!type || !/^[A-Za-z_$][\w$]*$/.test(type)) return null;
    const named = (n: Node, kinds: string[], name: string) => kinds.includes(n.type) && n.childForFieldName('name')?.text === name;
    const holders = q.nodesOfType(ctx.root, ['interface_declaration', 'class_declaration']).filter((n) => n.childForFieldName('name')?.text === type);
    if (holders.length !== 1) return null;
    const props = q.descendants(holders[0], (n) => named(n, ['property_signature', 'public_field_definition'], member));
    type = props.length === 1 && !props[0].text.includes('?') ? annotation(props[0]) : null;
  }
  return type;
}

/** A reference as text without spaces (`x`, `this.items`, `p.name`, `a[0]`), or null for anything else. */
function referencePath(n: Node, q: TypeQueries): string | null {
  const inner = q.unparenthesize(n);
  switch (inner.type) {
    case 'identifier':
    case 'this':
      return inner.text;
    case 'member_expression': {
      const object = inner.childForFieldName('object');
      const base = object ? referencePath(object, q) : null;
      return base ? `${base}.${inner.childForFieldName('property')?.text ?? ''}` : null;
    }
    case 'subscript_expression': {
      const object = inner.childForFieldName('object');
      const base = object ? referencePath(object, q) : null;
      return base ? `${base}[${(inner.childForFieldName('index')?.text ?? '').replace(/\s+/g, '')}]` : null;
    }
    case 'non_null_expression':
      return inner.namedChildren[0] ? referencePath(inner.namedChildren[0], q) : null;
    default:
      return null;
  }
}

/** The type TypeScript declares for a name where `at` reads it, from the innermost function outwards. */
export function tsTypeAt<U extends NarrowingUnit>(ctx: U, at: Node, name: string, q: NarrowingQueries<U>): string | null {
  for (let scope = q.ancestor(at, blocks.functionScopes); scope; scope = q.ancestor(scope, blocks.functionScopes)) {
    const type = tsDeclaredType(ctx, scope, name, q);
    if (type) return type;
  }
  return null;
}

/** The one value all known values agree on, or null when one is unknown or they differ. */
function agree<T>(values: (T | null)[]): T | null {
  if (values.length === 0 || values.some((v) => v === null)) return null;
  return values.every((v) => v === values[0]) ? values[0] : null;
}
