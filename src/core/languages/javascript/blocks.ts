import { SLASH_COMMENT } from '../blockRules';
import type { BlockRules } from '../languageProfile';

/** JavaScript and TypeScript blocks (typescript/blocks.ts reuses them). */
export const blocks: BlockRules = {
  blockScoped: true,
  // `var` is function-scoped
  functionScopedDeclarations: ['variable_declaration'],
  hoistsEveryDeclaration: true,
  flowScopedPatterns: false,
  blockLifetimes: false,
  fixedStatement: (stmt, _index, _block, first) => {
    if (stmt.type === 'expression_statement' && first?.type === 'string') return true; // a directive, or a string that reads like one
    return stmt.type === 'expression_statement' && first?.type === 'call_expression' && first.childForFieldName('function')?.type === 'super';
  },
  trailingComment: SLASH_COMMENT,
  wrappableList: () => true,
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
  elifClauses: false,
  placeholderStatement: null,
  opaqueCompletion: [],
  blockWideItems: new Set<string>(),
  ifHeaderDeclares: null,
};
