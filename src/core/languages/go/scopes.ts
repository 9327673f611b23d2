import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what Go declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['function_declaration', 'method_declaration', 'func_literal'],
  blocks: ['block', 'for_statement', 'if_statement', 'expression_switch_statement', 'type_switch_statement', 'select_statement', 'communication_case', 'expression_case', 'type_case', 'default_case'],
};
