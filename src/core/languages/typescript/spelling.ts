import { spelling as jsSpelling } from '../javascript/spelling';
import type { Spelling } from '../languageProfile';

/** TypeScript writes these statements as JavaScript does, with number types in the header. */
export const spelling: Spelling = {
  ...jsSpelling,
  integerFunctionHeader: (name, params, member) => [`${member ? 'static ' : 'function '}${name}(${params.map((p) => `${p}: number`).join(', ')}): number`],
};
