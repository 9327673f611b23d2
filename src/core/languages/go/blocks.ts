import { rethrow } from './rethrow';
import type { Node } from 'web-tree-sitter';
import { SLASH_COMMENT } from '../blockRules';
import type { BlockRules } from '../languageProfile';

/** Go statements that are never terminating statements (a function with results cannot end in one). */
const SIMPLE = new Set([
  'assignment_statement', 'inc_statement', 'dec_statement', 'short_var_declaration', 'var_declaration', 'const_declaration',
  'send_statement', 'go_statement', 'defer_statement', 'empty_statement',
]);

function neverTerminates(last: Node): boolean {
  if (SIMPLE.has(last.type)) return true;
  if (last.type === 'expression_statement') return !/^panic\s*\(/.test(last.text);
  if (last.type === 'if_statement') return last.childForFieldName('alternative') === null;
  if (last.type === 'for_statement') {
    const clause = last.namedChildren.find((c) => c !== null && c.type !== 'block' && c.type !== 'comment');
    return clause != null && (clause.type !== 'for_clause' || clause.childForFieldName('condition') !== null);
  }
  return false;
}

export const blocks: BlockRules = {
  blockScoped: true,
  functionScopedDeclarations: [],
  hoistsEveryDeclaration: false,
  flowScopedPatterns: false,
  blockLifetimes: false,
  functionBodies: ['block'],
  bodyOpening: () => 0,
  fixedStatement: () => false,
  trailingComment: SLASH_COMMENT,
  // a statement list of a block, not of a case clause
  wrappableList: (list) => list.parent?.type === 'block',
  listInsideBlock: true,
  classesNumberedInOrder: false,
  hasGoto: true,
  gotoMayNotSkipDeclarations: true,
  strayCaseLabels: false,
  redeclaringShortDeclarations: true,
  declarationsMayEndEarly: () => true,
  mayTerminateFunction: (last) => !neverTerminates(last),
  diverging: null,
  labelNodes: false,
  deferAndRecover: true,
  blockExpressions: false,
  elifClauses: false,
  placeholderStatement: null,
  opaqueCompletion: [],
  blockWideItems: new Set<string>(),
  ifHeaderDeclares: 'names',
  staysFirst: () => false,
  rethrow,
  swappableStatements: ['short_var_declaration', 'var_declaration', 'assignment_statement', 'inc_statement', 'dec_statement', 'if_statement', 'for_statement', 'block'],
  notDuplicable: ['labeled_statement', 'goto_statement'],
  statementLists: ['statement_list'],
  ifKind: 'if_statement',
  blockKinds: ['block'],
  functionScopes: ['func_literal', 'function_declaration'],
  functionLike: ['function_declaration', 'method_declaration', 'func_literal'],
};
