import type { LanguageId } from '../../src/core/languages/languageIds';
import { findDegenerate } from '../../src/core/quality/degenerate';
import { loader } from './harness';

/** The degenerate shapes (src/core/quality/degenerate.ts) in a program, as `shape: excerpt` lines an assertion message can show. */
export async function degenerateShapes(lang: LanguageId, text: string): Promise<string[]> {
  const tree = await loader.parse(lang, text);
  try {
    return findDegenerate(lang, tree.rootNode, text).map((f) => `${f.shape}: ${f.excerpt}`);
  } finally {
    tree.delete();
  }
}
