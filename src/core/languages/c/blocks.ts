import type { Node } from 'web-tree-sitter';
import { holds, SLASH_COMMENT } from '../blockRules';
import type { BlockRules } from '../languageProfile';

const SCALARS = new Set(['primitive_type', 'sized_type_specifier']);

/**
 * C and C++: a declaration of scalars (no destructor, no array, no reference, not static) whose
 * address is never taken may end before its block, a pointer to it could not outlive it.
 */
export function cScalarOnly(stmt: Node): boolean {
  if (/&(?!&)/.test(stmt.text.replace(/&&/g, ''))) return false;
  if (stmt.type !== 'declaration') return !/\b(static|thread_local)\b/.test(stmt.text);
  const type = stmt.childForFieldName('type');
  if (!type || !SCALARS.has(type.type) || /\b(static|thread_local)\b/.test(stmt.text)) return false;
  return !holds(stmt, ['array_declarator', 'reference_declarator']);
}

/** C and C++ blocks (cpp/blocks.ts reuses them). */
export const blocks: BlockRules = {
  blockScoped: true,
  functionScopedDeclarations: [],
  hoistsEveryDeclaration: false,
  flowScopedPatterns: false,
  blockLifetimes: true,
  functionBodies: ['compound_statement'],
  // nothing in a C body must come first
  bodyOpening: () => 0,
  fixedStatement: () => false,
  trailingComment: SLASH_COMMENT,
  // a switch's body is where its case labels are: a new block there would hide them from it
  wrappableList: (list) => list.parent?.type !== 'switch_statement',
  listInsideBlock: false,
  classesNumberedInOrder: false,
  hasGoto: true,
  gotoMayNotSkipDeclarations: false,
  strayCaseLabels: true,
  redeclaringShortDeclarations: false,
  declarationsMayEndEarly: cScalarOnly,
  mayTerminateFunction: null,
  diverging: null,
  labelNodes: false,
  deferAndRecover: false,
  blockExpressions: false,
  elifClauses: false,
  placeholderStatement: null,
  opaqueCompletion: [],
  blockWideItems: new Set<string>(),
  ifHeaderDeclares: 'objects',
  staysFirst: () => false,
  rethrow: null,
  swappableStatements: ['expression_statement', 'declaration', 'if_statement', 'for_statement', 'while_statement', 'do_statement', 'compound_statement'],
  notDuplicable: ['labeled_statement', 'goto_statement'],
  statementLists: ['compound_statement'],
  ifKind: 'if_statement',
  blockKinds: ['compound_statement'],
  functionScopes: ['function_definition'],
  functionLike: ['function_definition'],
};
