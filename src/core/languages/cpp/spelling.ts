import { spelling as cSpelling } from '../c/spelling';
import type { Spelling } from '../languageProfile';

/** C++ writes these statements as C does, and its comments with `//`. */
export const spelling: Spelling = {
  ...cSpelling,
  nullValue: { literal: 'nullptr', fromHeaders: false },
  comment: (text) => `// ${text}`,
  print: {
    line: (message) => `std::puts(${JSON.stringify(message)});`,
    header: { include: '#include <cstdio>\n', present: /^\s*#\s*include\s*<(stdio\.h|cstdio)>/m },
    rebound: () => false,
    compileTime: /\b(constexpr|consteval)\b/,
  },
};
