import path = require('path');
import { identity as c } from './c/identity';
import { identity as cpp } from './cpp/identity';
import { identity as go } from './go/identity';
import { identity as java } from './java/identity';
import { identity as javascript } from './javascript/identity';
import { identity as python } from './python/identity';
import { identity as rust } from './rust/identity';
import { identity as typescript } from './typescript/identity';

export const LANGUAGE_IDS = ['python', 'c', 'cpp', 'go', 'rust', 'java', 'javascript', 'typescript'] as const;
export type LanguageId = (typeof LANGUAGE_IDS)[number];

/**
 * Each language's name and file extensions, from its folder (src/core/languages/<id>/identity.ts,
 * the import-free part of its profile that the editor bundle may hold).
 */
const IDENTITIES: Readonly<Record<LanguageId, { readonly name: string; readonly extensions: readonly string[] }>> = {
  python,
  c,
  cpp,
  go,
  rust,
  java,
  javascript,
  typescript,
};

/** Each language's name as people write it (prompts, pickers). */
export const LANGUAGE_NAMES: Readonly<Record<LanguageId, string>> = Object.fromEntries(
  LANGUAGE_IDS.map((id) => [id, IDENTITIES[id].name]),
) as Record<LanguageId, string>;

/** `word` (a heading's word, lower case) names the language: its id or its name as people write it. */
export function namesLanguage(word: string, lang: LanguageId): boolean {
  return word === lang || word === LANGUAGE_NAMES[lang].toLowerCase();
}

export function isLanguageId(value: string): value is LanguageId {
  return (LANGUAGE_IDS as readonly string[]).includes(value);
}

export function extensionsOf(lang: LanguageId): readonly string[] {
  return IDENTITIES[lang].extensions;
}

export function languageFromPath(file: string): LanguageId | undefined {
  const ext = path.extname(file).toLowerCase();
  return LANGUAGE_IDS.find((id) => IDENTITIES[id].extensions.includes(ext));
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
