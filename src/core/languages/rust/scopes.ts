import type { DeclarationScopes } from '../languageProfile';

/** The nodes that scope what Rust declares. */
export const scopes: DeclarationScopes = {
  functionLike: ['function_item', 'closure_expression'],
  blocks: ['block', 'for_expression', 'match_arm', 'if_expression', 'while_expression'],
};
