import type { PrintRules, Spelling } from '../languageProfile';

const print: PrintRules = {
  line: (message) => `puts(${JSON.stringify(message)});`,
  header: { include: '#include <stdio.h>\n', present: /^\s*#\s*include\s*<(stdio\.h|cstdio)>/m },
  rebound: () => false,
  compileTime: null,
};

/** C's spelling (C++'s and Java's start from it). */
export const spelling: Spelling = {
  indentedBlocks: false,
  emptyBlock: null,
  ifHeader: (cond) => `if (${cond})`,
  whileHeader: (cond) => `while (${cond})`,
  countedForHeader: (i, count) => `for (int ${i} = 0; ${i} < ${count}; ${i}++)`,
  declareInteger: (name, value) => `int ${name} = ${value};`,
  statement: (text) => `${text};`,
  nullValue: { literal: 'NULL', fromHeaders: true },
  valueAsLastExpression: false,
  integerDivision: (a, b) => `${a} / ${b}`,
  comment: (text) => `/* ${text} */`,
  oneLineBlocks: true,
  topLevelBlankLines: 1,
  indentUnit: '    ',
  integerFunctionHeader: (name, params) => [`static int ${name}(${params.map((p) => `int ${p}`).join(', ')})`],
  print,
};
