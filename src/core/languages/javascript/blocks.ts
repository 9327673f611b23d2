import { SLASH_COMMENT } from '../blockRules';
import { rethrow } from './rethrow';
import type { Node } from 'web-tree-sitter';
import type { BlockRules } from '../languageProfile';

/** Whether the statements before the `upTo`th are all strings or comments: a directive prologue. */
function leadingStrings(block: Node, upTo: number): boolean {
  for (let i = 0; i < upTo; i++) {
    const c = block.namedChildren[i];
    if (c && c.type !== 'comment' && !(c.type === 'expression_statement' && c.firstNamedChild?.type === 'string')) return false;
  }
  return true;
}

/** JavaScript and TypeScript blocks (typescript/blocks.ts reuses them). */
export const blocks: BlockRules = {
  blockScoped: true,
  // `var` is function-scoped
  functionScopedDeclarations: ['variable_declaration'],
  hoistsEveryDeclaration: true,
  flowScopedPatterns: false,
  blockLifetimes: false,
  functionBodies: ['statement_block'],
  bodyOpening(statements, first, derivedConstructor) {
    let i = 0;
    // directives ('use strict') only work first
    while (statements[i]?.type === 'expression_statement' && first(statements[i])?.type === 'string') i++;
    // a derived class's constructor: `super(...)` first (TypeScript insists when the class has parameter properties)
    if (derivedConstructor()) {
      const sup = statements.findIndex((s) => s.type === 'expression_statement' && first(s)?.type === 'call_expression' && first(first(s))?.type === 'super');
      if (sup < 0) return null;
      i = Math.max(i, sup + 1);
    }
    return i;
  },
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
  // 'use strict' and friends are directives only at the top of a body
  staysFirst: (stmt, index, block) => stmt.type === 'expression_statement' && stmt.firstNamedChild?.type === 'string' && leadingStrings(block, index),
  rethrow,
  swappableStatements: ['lexical_declaration', 'variable_declaration', 'expression_statement', 'if_statement', 'for_statement', 'while_statement', 'do_statement', 'statement_block'],
  notDuplicable: ['labeled_statement', 'function_declaration', 'generator_function_declaration', 'class_declaration'],
  statementLists: ['statement_block'],
  ifKind: 'if_statement',
  blockKinds: ['statement_block'],
  functionScopes: ['function_expression', 'function_declaration', 'arrow_function', 'generator_function', 'generator_function_declaration', 'method_definition', 'class_body'],
  functionLike: ['function_declaration', 'function_expression', 'arrow_function', 'method_definition', 'generator_function_declaration', 'generator_function'],
};
