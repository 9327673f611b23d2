import { blocks as cBlocks } from '../c/blocks';
import { rethrow } from './rethrow';
import type { BlockRules } from '../languageProfile';

/** C++ scopes, keeps and leaves blocks as C does, but rejects a goto that jumps over a declaration, and has exceptions. */
export const blocks: BlockRules = {
  ...cBlocks,
  gotoMayNotSkipDeclarations: true,
  rethrow,
  functionScopes: ['function_definition', 'lambda_expression', 'class_specifier', 'struct_specifier'],
  functionLike: ['function_definition', 'lambda_expression'],
};
