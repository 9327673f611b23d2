import { blocks as cBlocks } from '../c/blocks';
import type { BlockRules } from '../languageProfile';

/** C++ scopes, keeps and leaves blocks as C does, but rejects a goto that jumps over a declaration. */
export const blocks: BlockRules = { ...cBlocks, gotoMayNotSkipDeclarations: true };
