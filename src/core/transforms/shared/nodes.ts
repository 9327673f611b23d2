import type { Node, Tree } from 'web-tree-sitter';
import type { Span } from '../../text/edits';

/** Tree utilities every method uses; per-language knowledge lives in the other shared files. */

/** Named children, without the nulls web-tree-sitter's typing allows. */
export function namedChildren(node: Node): Node[] {
  return node.namedChildren.filter((c): c is Node => c !== null);
}

export function allChildren(node: Node): Node[] {
  return node.children.filter((c): c is Node => c !== null);
}

/** Every node under `node` (itself included) that `keep` accepts, in source order; `prune` stops the descent. */
export function descendants(node: Node, keep: (n: Node) => boolean, prune: (n: Node) => boolean = () => false): Node[] {
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
 * Identifier nodes per tree, grouped by name: hazard checks ask "where else is `x` named?" for
 * many names per step, and walking the whole unit for each question made site searches grow
 * with the square of its size. One native walk per tree answers them all; trees never change
 * once parsed, so the index holds for the tree's lifetime.
 */
const identifierIndex = new WeakMap<Tree, Map<string, Node[]>>();

/** The `identifier` nodes under `root` (itself included) spelled `name`, in source order. */
export function identifiersNamed(root: Node, name: string): Node[] {
  let index = identifierIndex.get(root.tree);
  if (!index) {
    index = new Map();
    for (const id of root.tree.rootNode.descendantsOfType('identifier')) {
      if (!id || !id.isNamed) continue;
      const list = index.get(id.text);
      if (list) list.push(id);
      else index.set(id.text, [id]);
    }
    identifierIndex.set(root.tree, index);
  }
  const all = index.get(name) ?? [];
  return all.filter((id) => id.startIndex >= root.startIndex && id.endIndex <= root.endIndex);
}

/**
 * Nodes of the given kinds under `root` (itself included), in source order: one native walk, where
 * a walk in JS would cross into wasm for every node of the file.
 */
export function nodesOfType(root: Node, types: readonly string[]): Node[] {
  return root.descendantsOfType([...types]).filter((n): n is Node => n !== null && n.isNamed);
}

/** The nearest ancestor of one of the given kinds. */
export function ancestor(node: Node, types: readonly string[]): Node | null {
  for (let p = node.parent; p; p = p.parent) if (types.includes(p.type)) return p;
  return null;
}

/** The field a node fills in its parent (`name`, `left`...), or null. */
export function fieldName(node: Node): string | null {
  const parent = node.parent;
  if (!parent) return null;
  for (let i = 0; i < parent.childCount; i++) {
    if (parent.child(i)?.id === node.id) return parent.fieldNameForChild(i);
  }
  return null;
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
