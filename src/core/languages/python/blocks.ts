import { rethrow } from './rethrow';
import type { BlockRules } from '../languageProfile';

export const blocks: BlockRules = {
  // a name assigned anywhere in a function is the function's
  blockScoped: false,
  functionScopedDeclarations: [],
  hoistsEveryDeclaration: false,
  flowScopedPatterns: false,
  blockLifetimes: false,
  functionBodies: ['block'],
  // a docstring is only one when it comes first
  bodyOpening: (statements, first) => (statements[0]?.type === 'expression_statement' && first(statements[0])?.type === 'string' ? 1 : 0),
  fixedStatement: (stmt, index, block, first) => {
    if (['global_statement', 'nonlocal_statement', 'future_import_statement'].includes(stmt.type)) return true;
    // the docstring
    return index === 0 && stmt.type === 'expression_statement' && first?.type === 'string' && block.parent?.type === 'function_definition';
  },
  trailingComment: /^[ \t]*#/,
  // a block of a function, not of a class body (where a new block would change what the class defines)
  wrappableList: (list) => {
    for (let p = list.parent; p; p = p.parent) {
      if (p.type === 'function_definition') return true;
      if (p.type === 'class_definition') return false;
    }
    return false;
  },
  listInsideBlock: false,
  classesNumberedInOrder: false,
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
  elifClauses: true,
  placeholderStatement: 'pass_statement',
  opaqueCompletion: [],
  blockWideItems: new Set<string>(),
  ifHeaderDeclares: null,
  // a docstring is only a docstring as the first statement of its body
  staysFirst: (stmt, index) => index === 0 && stmt.type === 'expression_statement' && stmt.firstNamedChild?.type === 'string',
  rethrow,
  swappableStatements: ['expression_statement', 'if_statement', 'while_statement', 'for_statement'],
  notDuplicable: ['global_statement', 'nonlocal_statement'],
  statementLists: ['block'],
  ifKind: 'if_statement',
  blockKinds: ['block'],
  functionScopes: ['function_definition', 'lambda', 'class_definition'],
  functionLike: ['function_definition', 'lambda'],
};
