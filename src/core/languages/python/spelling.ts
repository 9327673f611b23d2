import type { Spelling } from '../languageProfile';

export const spelling: Spelling = {
  indentedBlocks: true,
  ifHeader: (cond) => `if ${cond}`,
  whileHeader: (cond) => `while ${cond}`,
  countedForHeader: (i, count) => `for ${i} in range(${count})`,
  declareInteger: (name, value) => `${name} = ${value}`,
  statement: (text) => text,
  valueAsLastExpression: false,
  integerDivision: (a, b) => `${a} // ${b}`,
  comment: (text) => `# ${text}`,
  oneLineBlocks: true,
  topLevelBlankLines: 2,
  indentUnit: '    ',
  integerFunctionHeader: (name, params, member) =>
    member ? ['@staticmethod', `def ${name}(${params.join(', ')})`] : [`def ${name}(${params.join(', ')})`],
};
