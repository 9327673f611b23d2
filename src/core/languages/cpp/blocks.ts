import { blocks as cBlocks } from '../c/blocks';
import type { BlockRules } from '../languageProfile';

/** C++ scopes, keeps and leaves blocks as C does. */
export const blocks: BlockRules = cBlocks;
