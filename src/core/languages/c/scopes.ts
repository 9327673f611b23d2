import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what C declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['function_definition'],
  blocks: ['compound_statement', 'for_statement', 'if_statement', 'while_statement', 'switch_statement'],
};
