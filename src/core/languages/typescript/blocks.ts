import { blocks as jsBlocks } from '../javascript/blocks';
import type { BlockRules } from '../languageProfile';

/** TypeScript scopes, keeps and leaves blocks as JavaScript does. */
export const blocks: BlockRules = jsBlocks;
