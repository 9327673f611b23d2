import type { LanguageProfile } from '../languageProfile';

/** Methods, tests and (unless other files are updated too) exported functions keep their names. */
export const renameAllowed: LanguageProfile['renameAllowed'] = (fn, file, crossFile) => {
  // methods may satisfy an interface nobody names
  if (fn.node.type === 'method_declaration') return false;
  if (/^(Test|Benchmark|Example|Fuzz)/.test(fn.name)) return false;
  const pkg = file.root.namedChildren.find((c) => c?.type === 'package_clause');
  // an exported name is renamed only when the other files' references are updated with it
  return crossFile || !(/^[A-Z]/.test(fn.name) && pkg?.namedChildren[0]?.text !== 'main');
};
