import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { RunOnceOutcome, Verifier, VerifyOptions } from './verifier';

export interface RunCodeRequest {
  lang: LanguageId;
  /** The whole file as it would be saved. */
  text: string;
  /** Where the file is: its project (go.mod, pom.xml...) is built and tested around the copy, never in place. */
  filePath?: string;
  /** The function the tests are about ({entry} of a test command). */
  entryPoint: string | null;
  verify: Omit<VerifyOptions, 'level' | 'filePath' | 'signal'>;
  signal?: AbortSignal;
}

/**
 * Builds a file and runs its tests or the program once, in a scratch copy, with the verification
 * layer's toolchains, time limit and process-tree kill: what "Run variant" shows for the variant
 * and for the original. Running it executes the workspace's code, so callers check trust first.
 */
export async function runCode(loader: GrammarLoader, req: RunCodeRequest): Promise<RunOnceOutcome> {
  const tree = await loader.parse(req.lang, req.text);
  const verifier = new Verifier(req.lang, { ...req.verify, level: 'test', filePath: req.filePath, signal: req.signal }, req.text);
  try {
    return await verifier.runOnce({ text: req.text, unit: { start: 0, end: req.text.length }, unitKind: 'file', entryPoint: req.entryPoint }, tree);
  } finally {
    tree.delete();
    verifier.dispose();
  }
}
