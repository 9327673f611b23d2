import type { GrammarLoader } from './grammarLoader';
import { containerName, findFunctions } from './functions';
import type { LanguageId } from './languageIds';
import { profileOf } from './profiles';

/** A function of a file as plain data (no tree nodes), for callers that keep it past the parse. */
export interface FunctionSpan {
  name: string;
  /** `Class.name` for methods, else the name. */
  qualifiedName: string;
  /** Offsets of the whole definition (decorators and annotations included). */
  start: number;
  end: number;
  /** 1-based line of the definition's first line. */
  line: number;
  /** 1-based line of the function's name: its signature line, where editors annotate it. */
  nameLine: number;
}

/** Every named function of `text`, in source order (nested ones included). */
export async function outlineFunctions(loader: GrammarLoader, lang: LanguageId, text: string): Promise<FunctionSpan[]> {
  const tree = await loader.parse(lang, text);
  try {
    return findFunctions(tree.rootNode, profileOf(lang)).map((fn) => {
      const owner = containerName(fn);
      return {
        name: fn.name,
        qualifiedName: owner ? `${owner}.${fn.name}` : fn.name,
        start: fn.start,
        end: fn.end,
        line: fn.line,
        nameLine: fn.nameNode.startPosition.row + 1,
      };
    });
  } finally {
    tree.delete();
  }
}

/** The innermost function whose definition covers `offset`. */
export function functionSpanAt(functions: readonly FunctionSpan[], offset: number): FunctionSpan | undefined {
  let best: FunctionSpan | undefined;
  for (const fn of functions) {
    if (fn.start <= offset && offset <= fn.end && (!best || fn.end - fn.start < best.end - best.start)) best = fn;
  }
  return best;
}
