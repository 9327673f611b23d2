import path = require('path');

export const LANGUAGE_IDS = ['python', 'c', 'cpp', 'go', 'rust', 'java', 'javascript', 'typescript'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/** Each language's name as people write it (prompts, pickers). */
export const LANGUAGE_NAMES: Readonly<Record<LanguageId, string>> = {
  python: 'Python',
  c: 'C',
  cpp: 'C++',
  go: 'Go',
  rust: 'Rust',
  java: 'Java',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
};

export function isLanguageId(value: string): value is LanguageId {
  return (LANGUAGE_IDS as readonly string[]).includes(value);
}

const EXTENSIONS: Record<LanguageId, readonly string[]> = {
  python: ['.py', '.pyw'],
  c: ['.c', '.h'],
  cpp: ['.cpp', '.cc', '.cxx', '.c++', '.hpp', '.hh', '.hxx'],
  go: ['.go'],
  rust: ['.rs'],
  java: ['.java'],
  javascript: ['.js', '.mjs', '.cjs', '.jsx'],
  typescript: ['.ts', '.mts', '.cts'],
};

export function extensionsOf(lang: LanguageId): readonly string[] {
  return EXTENSIONS[lang];
}

export function languageFromPath(file: string): LanguageId | undefined {
  const ext = path.extname(file).toLowerCase();
  return LANGUAGE_IDS.find((id) => EXTENSIONS[id].includes(ext));
}

/** The wasm file, inside the grammar folder, that holds each language's parser. */
export function grammarWasmFile(lang: LanguageId): string {
  return `tree-sitter-${lang}.wasm`;
}

export const RUNTIME_WASM = 'web-tree-sitter.wasm';

/** VS Code's language ids differ from ours only for C++ and the React dialects. */
export function languageFromEditorId(editorId: string): LanguageId | undefined {
  if (editorId === 'javascriptreact') return 'javascript';
  if (editorId === 'typescriptreact') return undefined; // TSX needs the tsx grammar, not shipped yet
  return isLanguageId(editorId) ? editorId : undefined;
}
