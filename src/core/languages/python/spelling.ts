import type { PrintRules, Spelling } from '../languageProfile';

/** A Python string literal for a message (single quotes, as CodeCrash prints them). */
export function pythonString(text: string): string {
  const escaped = text.replace(/\\/g, '\\\\');
  if (text.includes("'") && !text.includes('"')) return `"${escaped}"`;
  return `'${escaped.replace(/'/g, "\\'")}'`;
}

const print: PrintRules = {
  line: (message) => `print(${pythonString(message)})`,
  header: null,
  // `print` bound by a parameter, an assignment or an import, outside comments and strings
  rebound: (source) => /(?<![\w.])print(?!\s*\()/.test(source.replace(/#[^\n]*/g, '').replace(/(['"])(?:\\.|(?!\1)[^\\\n])*\1/g, "''")),
  compileTime: null,
};

export const spelling: Spelling = {
  indentedBlocks: true,
  emptyBlock: 'pass',
  ifHeader: (cond) => `if ${cond}`,
  whileHeader: (cond) => `while ${cond}`,
  countedForHeader: (i, count) => `for ${i} in range(${count})`,
  declareInteger: (name, value) => `${name} = ${value}`,
  statement: (text) => text,
  nullValue: { literal: 'None', fromHeaders: false },
  valueAsLastExpression: false,
  integerDivision: (a, b) => `${a} // ${b}`,
  comment: (text) => `# ${text}`,
  oneLineBlocks: true,
  topLevelBlankLines: 2,
  indentUnit: '    ',
  integerFunctionHeader: (name, params, member) =>
    member ? ['@staticmethod', `def ${name}(${params.join(', ')})`] : [`def ${name}(${params.join(', ')})`],
  print,
};
