import type { PrintRules, Spelling } from '../languageProfile';

/** JavaScript compares with === and !==. */
export function strictComparison(cond: string): string {
  return cond.replace(/ (==|!=) /g, ' $1= ');
}

const print: PrintRules = {
  line: (message) => `console.log(${JSON.stringify(message)});`,
  header: null,
  // `console` bound to something else in the file, outside line comments
  rebound: (source) => /(?<![\w$.])console(?!\s*\.)/.test(source.replace(/\/\/[^\n]*/g, '')),
  compileTime: null,
};

/** JavaScript's spelling (TypeScript's starts from it). */
export const spelling: Spelling = {
  indentedBlocks: false,
  emptyBlock: null,
  ifHeader: (cond) => `if (${strictComparison(cond)})`,
  whileHeader: (cond) => `while (${strictComparison(cond)})`,
  countedForHeader: (i, count) => `for (let ${i} = 0; ${i} < ${count}; ${i}++)`,
  declareInteger: (name, value, mutable) => `${mutable ? 'let' : 'const'} ${name} = ${value};`,
  statement: (text) => `${text};`,
  nullValue: { literal: 'null', fromHeaders: false },
  valueAsLastExpression: false,
  // numbers are floats: truncate as integer division would
  integerDivision: (a, b) => `Math.trunc(${a} / ${b})`,
  comment: (text) => `// ${text}`,
  oneLineBlocks: true,
  topLevelBlankLines: 1,
  indentUnit: '    ',
  integerFunctionHeader: (name, params, member) => [`${member ? 'static ' : 'function '}${name}(${params.join(', ')})`],
  print,
};
