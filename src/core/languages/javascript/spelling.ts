import type { Spelling } from '../languageProfile';

/** JavaScript compares with === and !==. */
export function strictComparison(cond: string): string {
  return cond.replace(/ (==|!=) /g, ' $1= ');
}

/** JavaScript's spelling (TypeScript's starts from it). */
export const spelling: Spelling = {
  indentedBlocks: false,
  ifHeader: (cond) => `if (${strictComparison(cond)})`,
  whileHeader: (cond) => `while (${strictComparison(cond)})`,
  countedForHeader: (i, count) => `for (let ${i} = 0; ${i} < ${count}; ${i}++)`,
  declareInteger: (name, value, mutable) => `${mutable ? 'let' : 'const'} ${name} = ${value};`,
  statement: (text) => `${text};`,
  valueAsLastExpression: false,
  // numbers are floats: truncate as integer division would
  integerDivision: (a, b) => `Math.trunc(${a} / ${b})`,
  comment: (text) => `// ${text}`,
  oneLineBlocks: true,
  topLevelBlankLines: 1,
  indentUnit: '    ',
  integerFunctionHeader: (name, params, member) => [`${member ? 'static ' : 'function '}${name}(${params.join(', ')})`],
};
