import type { Node, Tree } from 'web-tree-sitter';
import { namedChildrenOf } from '../languages/wasmNodes';
import { append } from '../maps';
import type { Span } from '../text/edits';
import { allOf, answersByRegion, coveringRoot, holdingNames, MayHold, nodesOfType, nodesSpelling, parentOf, regionRoots, spansRegions } from './nodeTable';
import { Attached } from '../attached';

export { allOf, ancestor, descendants, factTest, nodesOfType, nodesOfTypeIn, regionRoots, stableTest } from './nodeTable';
export type { MayHold, Narrowing } from './nodeTable';

/** Tree utilities every method uses; per-language knowledge lives in the other shared files. */

/**
 * Named children, without the nulls web-tree-sitter's typing allows; read from wasm memory directly
 * (wasmNodes.ts) for a node that has not fetched them yet, instead of through the getter's per-field
 * reads. The array is the one the node keeps (the getter's too), not a copy: copies made on every
 * call were 4% of what a 20-line step allocated. So it is read-only; copy it to change it.
 */
export function namedChildren(node: Node): readonly Node[] {
  const children = namedChildrenOf(node);
  return children.includes(null) ? children.filter((c): c is Node => c !== null) : (children as readonly Node[]);
}

export function allChildren(node: Node): Node[] {
  return node.children.filter((c): c is Node => c !== null);
}

/**
 * Facts about a tree computed once per tree and key. Site searches ask the same question (what
 * does this function narrow, which aliases are unions, where is `x` declared) for every candidate
 * site, and answering each time by walking the scope made a step grow with the square of the
 * unit; trees never change once parsed, so an answer holds for the tree's lifetime. A key names
 * the question and the node it is about (by `id`, which is unique within a tree).
 */
const memos = new Attached<Tree, Map<string, unknown>>('memos');

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

/**
 * `node.hasError`, asked of wasm only when its tree has an error somewhere: a region test asking
 * it of every region of a large file (nearly always without errors) paid a call into wasm each.
 */
export function hasErrorIn(node: Node): boolean {
  return perTree(node.tree, 'has an error', () => node.tree.rootNode.hasError) && node.hasError;
}

/**
 * perTree() for a question that carries a recursion guard (the names being solved): only a
 * question asked with an empty guard is remembered, since names in the guard change the answer.
 */
export function perTreeUnguarded<T>(guard: ReadonlySet<string>, tree: Tree, key: string, compute: () => T): T {
  return guard.size === 0 ? perTree(tree, key, compute) : compute();
}

/**
 * perTree() for a fact about the subtree of `root`'s covering root (nodeTable.ts): the region that
 * holds it, or `root` when it is larger. Questions about a function then compute over its region
 * only, and every question about the same region shares the answer; `exact` says the answer is
 * about `root` itself, and otherwise the caller keeps the part under `root`.
 */
export function perRegion<T>(root: Node, key: string, compute: (base: Node) => T): { value: T; exact: boolean } {
  const base = coveringRoot(root);
  return { value: perTree(root.tree, `${key}:${base.id}`, () => compute(base)), exact: base.id === root.id };
}

/**
 * A region test (nodeTable.ts MayHold) passed by every region holding one of `names` (names or
 * keywords): the text has the word with no ASCII letter, digit or underscore on either side. Such
 * words are tokens in every language we ship, and such a character next to one would be part of
 * it; other neighbours (`$`, `#`, a non-ASCII letter) only let more regions through. A region's
 * words are a fact about it (nodeTable.ts), so a region a step did not touch is not read again.
 */
export function holdingWord(names: Iterable<string>): MayHold {
  return holdingNames(names);
}

/** The `identifier` nodes under `root` (itself included) spelled `name`, in source order. */
export function identifiersNamed(root: Node, name: string): Node[] {
  if (!spansRegions(root)) return named(root, name);
  // kept, since checks ask the whole file about the same few names; only regions holding the name are read
  const found = perTree(root.tree, `identifiers named ${name}:${root.id}`, () =>
    regionRoots(root, holdingWord([name])).flatMap((base) => named(base, name)),
  );
  return [...found];
}

/**
 * The identifiers under `root` spelled `name` that `keep` accepts, in source order. Over a file,
 * whether a region holds any is a fact about it under `key` (nodeTable.ts, answersByRegion), so a
 * region a step left alone that holds none is not read again: `key` names what `keep` asks, and
 * `keep` may look at an identifier's ancestors, not at other parts of the file.
 */
export function identifiersWhere(
  root: Node,
  name: string,
  key: string,
  keep: (id: Node) => boolean,
  /** A stricter region test than holding the name, false only for regions holding no identifier `keep` accepts (named in `key`). */
  mayHold?: MayHold,
): Node[] {
  if (!spansRegions(root)) return named(root, name).filter(keep);
  const found = perTree(root.tree, `identifiers ${key} ${name}:${root.id}`, () =>
    answersByRegion(
      root,
      mayHold ? allOf(holdingWord([name]), mayHold) : holdingWord([name]),
      `identifiers ${key} ${name}`,
      (base) => named(base, name).filter(keep),
      undefined,
      (base) => nodesSpelling(base, name, IDENTIFIER).filter(keep),
    ),
  );
  return [...found];
}

const IDENTIFIER: ReadonlySet<string> = new Set(['identifier']);

function named(root: Node, name: string): Node[] {
  // grouped by name: hazard checks ask "where else is `x` named?" for many names per step
  const { value: index, exact } = perRegion(root, 'identifiers', (base) => {
    const byName = new Map<string, Node[]>();
    for (const id of nodesOfType(base, ['identifier'])) append(byName, id.text, id);
    return byName;
  });
  const all = index.get(name) ?? [];
  return exact ? [...all] : all.filter((id) => id.startIndex >= root.startIndex && id.endIndex <= root.endIndex);
}

/**
 * The field a node fills in its parent (`name`, `left`...), or null. The first question about a
 * parent reads all its children through wasm, so callers ask only where the parent's type makes
 * the field matter.
 */
export function fieldName(node: Node): string | null {
  const parent = parentOf(node);
  if (!parent) return null;
  // the fields of all of a parent's children at once: name classification asks it of every sibling
  const fields = perTree(node.tree, `fields:${parent.id}`, () => {
    const byChild = new Map<number, string | null>();
    // the parent's children array is fetched once and kept on the node; child(i) fetches one each call
    const children = parent.children;
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
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
