import type { PrintRules, Spelling } from '../languageProfile';

// Go's builtin println writes to standard error, but needs no import
const print: PrintRules = {
  line: (message) => `println(${JSON.stringify(message)})`,
  header: null,
  rebound: () => false,
  compileTime: null,
};

export const spelling: Spelling = {
  indentedBlocks: false,
  emptyBlock: null,
  ifHeader: (cond) => `if ${cond}`,
  // Go's while is a for with a condition
  whileHeader: (cond) => `for ${cond}`,
  countedForHeader: (i, count) => `for ${i} := 0; ${i} < ${count}; ${i}++`,
  declareInteger: (name, value) => `${name} := ${value}`,
  statement: (text) => text,
  nullValue: { literal: 'nil', fromHeaders: false },
  valueAsLastExpression: false,
  integerDivision: (a, b) => `${a} / ${b}`,
  comment: (text) => `// ${text}`,
  oneLineBlocks: false,
  topLevelBlankLines: 1,
  indentUnit: '\t',
  integerFunctionHeader: (name, params) => [`func ${name}(${params.join(', ')} int) int`],
  print,
};
