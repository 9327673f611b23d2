import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what Java declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['method_declaration', 'constructor_declaration', 'lambda_expression'],
  blocks: ['block', 'for_statement', 'enhanced_for_statement', 'catch_clause', 'try_with_resources_statement', 'switch_block', 'constructor_body'],
};
