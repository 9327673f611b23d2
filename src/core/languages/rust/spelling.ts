import type { PrintRules, Spelling } from '../languageProfile';

const print: PrintRules = {
  line: (message) => `println!(${JSON.stringify(message).replace(/\{/g, '{{').replace(/\}/g, '}}')});`,
  header: null,
  rebound: () => false,
  compileTime: /\bconst\s+(unsafe\s+|async\s+|extern\s+("[^"]*"\s+)?)*fn\b/,
};

export const spelling: Spelling = {
  indentedBlocks: false,
  emptyBlock: null,
  ifHeader: (cond) => `if ${cond}`,
  whileHeader: (cond) => `while ${cond}`,
  countedForHeader: (i, count) => `for ${i} in 0..${count}`,
  declareInteger: (name, value, mutable) => `let ${mutable ? 'mut ' : ''}${name} = ${value};`,
  statement: (text) => `${text};`,
  nullValue: null,
  valueAsLastExpression: true,
  integerDivision: (a, b) => `${a} / ${b}`,
  comment: (text) => `// ${text}`,
  oneLineBlocks: true,
  topLevelBlankLines: 1,
  indentUnit: '    ',
  integerFunctionHeader: (name, params) => [`fn ${name}(${params.map((p) => `${p}: i64`).join(', ')}) -> i64`],
  print,
};
