import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what C++ declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['function_definition', 'lambda_expression'],
  blocks: ['compound_statement', 'for_statement', 'for_range_loop', 'if_statement', 'while_statement', 'switch_statement', 'catch_clause'],
};
