import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what Python declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['function_definition', 'lambda'],
  blocks: [],
};
