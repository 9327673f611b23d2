import type { Node, Tree } from 'web-tree-sitter';
import { append } from '../../maps';
import { lowerBound } from '../../sorted';
import type { Span } from '../../text/edits';

/** Tree utilities every method uses; per-language knowledge lives in the other shared files. */

/** Named children, without the nulls web-tree-sitter's typing allows. */
export function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

export function allChildren(node: Node): Node[] {
  return node.children.filter((c): c is Node => c !== null);
}

/**
 * A tree's named nodes in source order (preorder), each with its parent and the end of its
 * subtree in that order. Methods walk the unit dozens of times per step with arbitrary
 * predicates; through web-tree-sitter each walk built a fresh Node for every node, and asked
 * wasm for every node's type, which made site search cost many parses per step. One walk per
 * tree builds the table, and every later walk is a scan of plain arrays. A node's type never
 * changes, so the table's nodes carry it as a plain property in place of the getter that asks
 * wasm each time, and its parent (the table node it was reached from) likewise.
 */
interface NodeTable {
  nodes: Node[];
  parents: Int32Array;
  ends: Int32Array;
  at: Map<number, number>;
  /** Positions in `nodes` of each type, ascending. */
  byType: Map<string, number[]>;
}

const tables = new WeakMap<Tree, NodeTable>();

/** Where a table node keeps its type and parent (see remembering). */
const TYPE = Symbol('type');
const PARENT = Symbol('parent');
type Remembered = Node & { [TYPE]?: string; [PARENT]?: Node | null };
let patched: object | null = null;

/**
 * Lets `type` and `parent` answer from values stored on the node. Defining them as the node's own
 * properties (what the table did first) goes through V8's slow path and took about 40% of a
 * table's walk; a plain store of a symbol-keyed field does not. So the getters of the Node
 * prototype (our bundled copy of web-tree-sitter's) read the stored value first and ask wasm only
 * for nodes no table holds.
 */
function remembering(node: Node): void {
  const proto = Object.getPrototypeOf(node) as object;
  if (patched === proto) return;
  for (const [name, key] of [
    ['type', TYPE],
    ['parent', PARENT],
  ] as const) {
    const asked = Object.getOwnPropertyDescriptor(proto, name)?.get;
    if (!asked) throw new Error(`web-tree-sitter's Node has no ${name} getter: shared/nodes.ts needs updating`);
    Object.defineProperty(proto, name, {
      configurable: true,
      enumerable: false,
      get(this: Remembered) {
        const known = this[key];
        return known !== undefined ? known : asked.call(this);
      },
    });
  }
  patched = proto;
}

function tableOf(tree: Tree): NodeTable {
  let table = tables.get(tree);
  if (table) return table;
  const nodes: Node[] = [];
  const parentOf: number[] = [];
  const root = tree.rootNode;
  remembering(root);
  // iterative, since else-if and operator chains nest deeper than recursion would like
  const stack: { node: Node; parent: number }[] = [{ node: root, parent: -1 }];
  while (stack.length > 0) {
    const { node, parent } = stack.pop()!;
    const index = nodes.length;
    // a table node's parent is the one it was reached from (see the interface comment: never changes)
    (node as Remembered)[TYPE] = node.type;
    (node as Remembered)[PARENT] = parent >= 0 ? nodes[parent] : null;
    nodes.push(node);
    parentOf.push(parent);
    const children = node.namedChildren;
    for (let i = children.length - 1; i >= 0; i--) {
      const child = children[i];
      if (child) stack.push({ node: child, parent: index });
    }
  }
  const parents = Int32Array.from(parentOf);
  const ends = new Int32Array(nodes.length);
  for (let i = nodes.length - 1; i >= 0; i--) {
    ends[i] = Math.max(ends[i], i + 1);
    if (parents[i] >= 0) ends[parents[i]] = Math.max(ends[parents[i]], ends[i]);
  }
  const at = new Map<number, number>();
  const byType = new Map<string, number[]>();
  nodes.forEach((n, i) => {
    at.set(n.id, i);
    append(byType, n.type, i);
  });
  table = { nodes, parents, ends, at, byType };
  tables.set(tree, table);
  return table;
}

/** Every node under `node` (itself included) that `keep` accepts, in source order; `prune` stops the descent. */
export function descendants(node: Node, keep: (n: Node) => boolean, prune: (n: Node) => boolean = () => false): Node[] {
  const table = tableOf(node.tree);
  const at = table.at.get(node.id);
  if (at === undefined) return walkedDescendants(node, keep, prune);
  const out: Node[] = [];
  if (keep(node)) out.push(node);
  const { nodes, ends } = table;
  for (let i = at + 1, end = ends[at]; i < end; ) {
    const n = nodes[i];
    if (keep(n)) out.push(n);
    i = prune(n) ? ends[i] : i + 1;
  }
  return out;
}

/** descendants() for a node the table does not hold: an anonymous node, reached only by walking. */
function walkedDescendants(node: Node, keep: (n: Node) => boolean, prune: (n: Node) => boolean): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    if (keep(n)) out.push(n);
    if (n !== node && prune(n)) return;
    for (const c of namedChildren(n)) visit(c);
  };
  visit(node);
  return out;
}

/**
 * Facts about a tree computed once per tree and key. Site searches ask the same question (what
 * does this function narrow, which aliases are unions, where is `x` declared) for every candidate
 * site, and answering each time by walking the scope made a step grow with the square of the
 * unit; trees never change once parsed, so an answer holds for the tree's lifetime. A key names
 * the question and the node it is about (by `id`, which is unique within a tree).
 */
const memos = new WeakMap<Tree, Map<string, unknown>>();

export function perTree<T>(tree: Tree, key: string, compute: () => T): T {
  let memo = memos.get(tree);
  if (!memo) {
    memo = new Map();
    memos.set(tree, memo);
  }
  if (memo.has(key)) return memo.get(key) as T;
  const value = compute();
  memo.set(key, value);
  return value;
}

/** The `identifier` nodes under `root` (itself included) spelled `name`, in source order. */
export function identifiersNamed(root: Node, name: string): Node[] {
  // grouped by name once per tree: hazard checks ask "where else is `x` named?" for many names per step
  const index = perTree(root.tree, 'identifiers', () => {
    const byName = new Map<string, Node[]>();
    for (const id of nodesOfType(root.tree.rootNode, ['identifier'])) append(byName, id.text, id);
    return byName;
  });
  const all = index.get(name) ?? [];
  return all.filter((id) => id.startIndex >= root.startIndex && id.endIndex <= root.endIndex);
}

/** Nodes of the given kinds under `root` (itself included), in source order. */
export function nodesOfType(root: Node, types: readonly string[]): Node[] {
  const table = tableOf(root.tree);
  const at = table.at.get(root.id);
  if (at === undefined) return root.descendantsOfType([...types]).filter((n): n is Node => n !== null && n.isNamed);
  const end = table.ends[at];
  const picked: number[] = [];
  for (const type of new Set(types)) {
    const list = table.byType.get(type);
    if (!list) continue;
    for (let k = lowerBound(list, at); k < list.length && list[k] < end; k++) picked.push(list[k]);
  }
  if (types.length > 1) picked.sort((x, y) => x - y);
  return picked.map((i) => table.nodes[i]);
}

/** The nearest ancestor of one of the given kinds. */
export function ancestor(node: Node, types: readonly string[]): Node | null {
  const table = tableOf(node.tree);
  const at = table.at.get(node.id);
  if (at === undefined) {
    for (let p = node.parent; p; p = p.parent) if (types.includes(p.type)) return p;
    return null;
  }
  for (let p = table.parents[at]; p >= 0; p = table.parents[p]) if (types.includes(table.nodes[p].type)) return table.nodes[p];
  return null;
}

/** The field a node fills in its parent (`name`, `left`...), or null. */
export function fieldName(node: Node): string | null {
  const table = tableOf(node.tree);
  const at = table.at.get(node.id);
  const parent = at === undefined ? node.parent : at > 0 ? table.nodes[table.parents[at]] : null;
  if (!parent) return null;
  // the fields of all of a parent's children at once: name classification asks it of every sibling
  const fields = perTree(node.tree, `fields:${parent.id}`, () => {
    const byChild = new Map<number, string | null>();
    for (let i = 0; i < parent.childCount; i++) {
      const child = parent.child(i);
      if (child && !byChild.has(child.id)) byChild.set(child.id, parent.fieldNameForChild(i));
    }
    return byChild;
  });
  return fields.get(node.id) ?? null;
}

export function spanOf(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

export function contains(outer: Span, inner: Span): boolean {
  return outer.start <= inner.start && inner.end <= outer.end;
}

/** Member accesses: the name after the dot is a field, not a variable. */
export const MEMBER_TYPES: ReadonlySet<string> = new Set(['attribute', 'field_expression', 'member_expression', 'field_access', 'selector_expression']);

/** The identifiers an expression reads (names only, not the fields of member accesses), in source order. */
export function identifiersIn(node: Node): string[] {
  const out: string[] = [];
  const visit = (n: Node) => {
    if (n.type === 'identifier') out.push(n.text);
    const members = MEMBER_TYPES.has(n.type);
    n.namedChildren.forEach((child, i) => {
      if (child && !(members && i > 0)) visit(child);
    });
  };
  visit(node);
  return out;
}
