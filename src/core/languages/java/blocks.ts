import { SLASH_COMMENT } from '../blockRules';
import { rethrow } from './rethrow';
import type { BlockRules } from '../languageProfile';

export const blocks: BlockRules = {
  blockScoped: true,
  functionScopedDeclarations: [],
  hoistsEveryDeclaration: false,
  flowScopedPatterns: true,
  blockLifetimes: false,
  // `this(…)`/`super(…)` must open a constructor; a `yield` belongs to its switch expression
  functionBodies: ['block', 'constructor_body'],
  // `this(...)` or `super(...)` must open a constructor
  bodyOpening: (statements) => (statements[0]?.type === 'explicit_constructor_invocation' ? 1 : 0),
  fixedStatement: (stmt) => stmt.type === 'explicit_constructor_invocation' || stmt.type === 'yield_statement',
  trailingComment: SLASH_COMMENT,
  wrappableList: () => true,
  listInsideBlock: false,
  classesNumberedInOrder: true,
  hasGoto: false,
  gotoMayNotSkipDeclarations: false,
  strayCaseLabels: false,
  redeclaringShortDeclarations: false,
  declarationsMayEndEarly: () => true,
  mayTerminateFunction: null,
  diverging: null,
  labelNodes: false,
  deferAndRecover: false,
  blockExpressions: false,
  elifClauses: false,
  placeholderStatement: null,
  opaqueCompletion: ['try_statement', 'try_with_resources_statement', 'switch_expression', 'synchronized_statement', 'labeled_statement'],
  blockWideItems: new Set<string>(),
  ifHeaderDeclares: null,
  staysFirst: (stmt) => stmt.type === 'explicit_constructor_invocation',
  rethrow,
  swappableStatements: ['local_variable_declaration', 'expression_statement', 'if_statement', 'for_statement', 'while_statement', 'do_statement', 'block'],
  notDuplicable: ['labeled_statement', 'class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration'],
  statementLists: ['block', 'constructor_body'],
  ifKind: 'if_statement',
  blockKinds: ['block'],
  functionScopes: ['lambda_expression', 'class_body', 'method_declaration'],
  functionLike: ['method_declaration', 'lambda_expression', 'constructor_declaration'],
};
