import { spelling as cSpelling } from '../c/spelling';
import type { PrintRules, Spelling } from '../languageProfile';

const print: PrintRules = {
  line: (message) => `System.out.println(${JSON.stringify(message)});`,
  header: null,
  rebound: () => false,
  compileTime: null,
};

/** Java writes these statements as C does; a function is a private static method. */
export const spelling: Spelling = {
  ...cSpelling,
  nullValue: { literal: 'null', fromHeaders: false },
  comment: (text) => `// ${text}`,
  integerFunctionHeader: (name, params) => [`private static int ${name}(${params.map((p) => `int ${p}`).join(', ')})`],
  print,
};
