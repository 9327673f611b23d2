import { spelling as cSpelling } from '../c/spelling';
import type { Spelling } from '../languageProfile';

/** C++ writes these statements as C does, and its comments with `//`. */
export const spelling: Spelling = {
  ...cSpelling,
  comment: (text) => `// ${text}`,
  oneLineBlocks: true,
  topLevelBlankLines: 1,
  indentUnit: '    ',
};
