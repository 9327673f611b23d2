import type { Node } from 'web-tree-sitter';
import type { Span } from '../text/edits';
import type { DeclarationScopes } from './languageProfile';
import type { Declaration, NodeQueries } from './nameRoles';

/**
 * The scopes the languages' readers (languages/<id>/bindings.ts) give the names they find declared,
 * from the node kinds that scope a declaration in each (languages/<id>/scopes.ts).
 */

/** A language's blocks and function-like nodes together: where a block-scoped name's scope ends (blockScope). */
export function scopeEnds(scopes: DeclarationScopes): readonly string[] {
  return [...scopes.blocks, ...scopes.functionLike];
}

export function span(node: Node): Span {
  return { start: node.startIndex, end: node.endIndex };
}

/** A block-scoped name: visible from its declaration to the end of the nearest of `ends` (scopeEnds). */
export function blockScope(q: NodeQueries, ends: readonly string[], id: Node): Declaration | null {
  const block = q.ancestor(id, ends);
  return block ? { scope: { start: id.startIndex, end: block.endIndex }, param: false } : null;
}

/** Parameters of a function-like node (one of `functionLike`) are visible in all of it; those of a function type only in their list. */
export function paramScope(functionLike: readonly string[], list: Node, owner: Node | null): Declaration {
  // an abstract or interface method has no body: its parameter names are only documentation
  const fn = owner && functionLike.includes(owner.type) && owner.childForFieldName('body') ? owner : null;
  return { scope: span(fn ?? list), param: fn !== null };
}

/** A name visible in the whole of the nearest of `kinds` around it. */
export function scopeOf(q: NodeQueries, id: Node, kinds: readonly string[]): Declaration | null {
  const scope = q.ancestor(id, kinds);
  return scope ? { scope: span(scope), param: false } : null;
}

export function hasChildOfType(node: Node, types: readonly string[]): boolean {
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (child && types.includes(child.type)) return true;
  }
  return false;
}

const DECLARATOR_WRAPPERS = ['pointer_declarator', 'reference_declarator', 'parenthesized_declarator', 'attributed_declarator'];

/** The node a (possibly nested) C declarator belongs to: the definition, declaration or parameter. */
export function declaratorOwner(declarator: Node): Node | null {
  let p = declarator.parent;
  while (p && DECLARATOR_WRAPPERS.includes(p.type)) p = p.parent;
  return p;
}
