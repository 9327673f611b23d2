import type { Node } from 'web-tree-sitter';
import type { Span } from '../text/edits';
import type { LanguageId } from './languageIds';
import type { Declaration, NodeQueries } from './nameRoles';

/**
 * The node kinds that scope a declaration, per language, and the scopes the languages' readers
 * (languages/<id>/bindings.ts) give the names they find declared.
 */

function kinds(text: string): readonly string[] {
  return text.split(/\s+/).filter(Boolean);
}

const JS_FUNCTIONS = kinds(
  'function_declaration generator_function_declaration function_expression function generator_function arrow_function method_definition',
);
const JS_BLOCKS = kinds('statement_block for_statement for_in_statement catch_clause switch_body class_static_block');

/** Function-like nodes: their parameters are visible in all of them. */
export const FUNCTION_LIKE: Record<LanguageId, readonly string[]> = {
  python: kinds('function_definition lambda'),
  c: kinds('function_definition'),
  cpp: kinds('function_definition lambda_expression'),
  go: kinds('function_declaration method_declaration func_literal'),
  rust: kinds('function_item closure_expression'),
  java: kinds('method_declaration constructor_declaration lambda_expression'),
  javascript: JS_FUNCTIONS,
  typescript: JS_FUNCTIONS,
};

/** Nodes that end the scope of a block-scoped declaration inside them. */
export const BLOCKS: Record<LanguageId, readonly string[]> = {
  python: [],
  c: kinds('compound_statement for_statement if_statement while_statement switch_statement'),
  cpp: kinds('compound_statement for_statement for_range_loop if_statement while_statement switch_statement catch_clause'),
  go: kinds(`block for_statement if_statement expression_switch_statement type_switch_statement select_statement
    communication_case expression_case type_case default_case`),
  rust: kinds('block for_expression match_arm if_expression while_expression'),
  java: kinds('block for_statement enhanced_for_statement catch_clause try_with_resources_statement switch_block constructor_body'),
  javascript: JS_BLOCKS,
  typescript: JS_BLOCKS,
};

/** A language's blocks and function-like nodes together: where a block-scoped name's scope ends (blockScope). */
export function scopeEnds(lang: LanguageId): readonly string[] {
  return [...BLOCKS[lang], ...FUNCTION_LIKE[lang]];
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

const DECLARATOR_WRAPPERS = kinds('pointer_declarator reference_declarator parenthesized_declarator attributed_declarator');

/** The node a (possibly nested) C declarator belongs to: the definition, declaration or parameter. */
export function declaratorOwner(declarator: Node): Node | null {
  let p = declarator.parent;
  while (p && DECLARATOR_WRAPPERS.includes(p.type)) p = p.parent;
  return p;
}
