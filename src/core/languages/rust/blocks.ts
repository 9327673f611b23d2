import type { Node } from 'web-tree-sitter';
import { SLASH_COMMENT } from '../blockRules';
import type { BlockRules } from '../languageProfile';

/** Values that are primitives whatever they read: literals, arithmetic, comparisons, casts, negations. */
const PLAIN_VALUES = new Set([
  'integer_literal', 'float_literal', 'boolean_literal', 'char_literal', 'string_literal', 'binary_expression', 'type_cast_expression',
]);

/** A `let` of a plain value, or an expression that borrows nothing, drops nothing with effects. */
function scalarOnly(stmt: Node): boolean {
  if (stmt.type !== 'let_declaration') return stmt.type === 'expression_statement' && !/&/.test(stmt.text.replace(/&&/g, ''));
  const value = stmt.childForFieldName('value');
  if (!value) return false;
  let v: Node = value;
  while (v.type === 'parenthesized_expression' || (v.type === 'unary_expression' && /^[-!]/.test(v.text))) v = v.namedChildren.find((c) => c !== null) ?? v;
  return PLAIN_VALUES.has(v.type);
}

/** Items: visible in their whole block, wherever they stand in it. */
const RUST_ITEMS = new Set([
  'function_item', 'struct_item', 'enum_item', 'union_item', 'const_item', 'static_item', 'impl_item', 'trait_item',
  'mod_item', 'use_declaration', 'macro_definition', 'type_item', 'extern_crate_declaration',
]);

const ATTRIBUTES = ['attribute_item', 'inner_attribute_item'];

export const blocks: BlockRules = {
  blockScoped: true,
  functionScopedDeclarations: [],
  hoistsEveryDeclaration: false,
  flowScopedPatterns: false,
  blockLifetimes: true,
  functionBodies: ['block'],
  bodyOpening(statements) {
    // inner attributes must open the body; an outer one belongs to the statement after it
    let i = 0;
    while (statements[i]?.type === 'inner_attribute_item' || statements[i]?.type === 'attribute_item') i++;
    return statements[i - 1]?.type === 'attribute_item' ? null : i;
  },
  fixedStatement: (stmt) => ATTRIBUTES.includes(stmt.type),
  trailingComment: SLASH_COMMENT,
  // attributes apply to what follows them
  wrappableList: (list) => !list.namedChildren.some((c) => c !== null && ATTRIBUTES.includes(c.type)),
  listInsideBlock: false,
  classesNumberedInOrder: false,
  hasGoto: false,
  gotoMayNotSkipDeclarations: false,
  strayCaseLabels: false,
  redeclaringShortDeclarations: false,
  declarationsMayEndEarly: scalarOnly,
  mayTerminateFunction: null,
  diverging: /\b(panic|unreachable|todo|unimplemented)!|\b(exit|abort|panic_any|resume_unwind)\s*\(/,
  labelNodes: true,
  deferAndRecover: false,
  blockExpressions: true,
  elifClauses: false,
  placeholderStatement: null,
  opaqueCompletion: [],
  blockWideItems: RUST_ITEMS,
  ifHeaderDeclares: 'temporaries',
  // an attribute belongs to the statement after it
  staysFirst: (_stmt, index, block) => {
    const prev = index > 0 ? block.namedChildren[index - 1] : null;
    return prev?.type === 'attribute_item' || prev?.type === 'inner_attribute_item';
  },
  rethrow: null,
  swappableStatements: ['let_declaration', 'expression_statement'],
  notDuplicable: ['static_item', 'macro_definition', 'label'],
  statementLists: ['block'],
  ifKind: 'if_expression',
  blockKinds: ['block'],
  functionScopes: ['closure_expression', 'function_item', 'async_block'],
  functionLike: ['function_item', 'closure_expression'],
};
