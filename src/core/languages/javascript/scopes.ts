import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what JavaScript (and TypeScript) declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['function_declaration', 'generator_function_declaration', 'function_expression', 'function', 'generator_function', 'arrow_function', 'method_definition'],
  blocks: ['statement_block', 'for_statement', 'for_in_statement', 'catch_clause', 'switch_body', 'class_static_block'],
};
