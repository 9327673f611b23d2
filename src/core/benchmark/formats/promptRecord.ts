import type { GrammarLoader } from '../../languages/grammarLoader';
import type { LanguageId } from '../../languages/languageIds';
import { ComposedFile, composeParts, CutPart, cutParts, FilePart } from './parts';
import { withTree } from './problem';
import { anatomyOf, CutCode, cutPrompt, measureCut, PromptCut } from './promptCut';

/**
 * What HumanEval and HumanEval-X records share: one function split between `prompt` and
 * `canonical_solution`, joined in the composed file as the `code` part, with other parts (the
 * test, Go's test setup) around it.
 */
export interface PromptFile {
  composed: ComposedFile;
  cut: PromptCut;
  /** The original's signature, as a declaration ends with it. */
  header: string;
}

export async function openPromptFile(
  loader: GrammarLoader,
  lang: LanguageId,
  entry: string,
  prompt: string,
  solution: string,
  before: FilePart[],
  after: FilePart[],
): Promise<PromptFile | string> {
  const composed = composeParts(lang, [...before, { key: 'code', text: prompt + solution }, ...after]);
  const parts = cutParts(lang, composed, composed.text) as Record<string, CutPart>;
  const code = parts.code;
  return withTree(loader, lang, composed.text, (tree) => {
    const anatomy = anatomyOf(lang, tree, composed.text, entry, code.start, code.start + code.text.length);
    if (typeof anatomy === 'string') return anatomy;
    return {
      composed,
      cut: measureCut(anatomy, composed.text, code.start + prompt.length),
      header: composed.text.slice(anatomy.header.start, anatomy.header.end),
    };
  });
}

/** A perturbed composed file cut back: every part, and the code part split into prompt and solution. */
export async function cutPromptFile(loader: GrammarLoader, lang: LanguageId, file: PromptFile, text: string, entry: string): Promise<{ parts: Record<string, CutPart>; code: CutCode } | string> {
  const parts = cutParts(lang, file.composed, text);
  if (typeof parts === 'string') return parts;
  const code = parts.code;
  const cut = await withTree(loader, lang, text, (tree) => cutPrompt(lang, tree, text, entry, code.start, code.start + code.text.length, file.cut));
  return typeof cut === 'string' ? cut : { parts, code: cut };
}

/** A declaration that ends with the function's signature gets the perturbed signature; the rest keeps its text. */
export function declarationFor(declaration: string, originalHeader: string, header: string, rename: (text: string) => string): string {
  const trimmed = declaration.replace(/\s+$/, '');
  const head = originalHeader.replace(/\s+$/, '');
  if (head && trimmed.endsWith(head)) {
    const tail = declaration.slice(trimmed.length);
    return rename(trimmed.slice(0, trimmed.length - head.length)) + header.replace(/\s+$/, '') + tail;
  }
  return rename(declaration);
}
