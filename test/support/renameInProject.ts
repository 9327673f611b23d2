import * as fs from 'fs';
import { PerturbationDocument, transform } from '../../src/core/engine';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { DEFAULT_SEARCH } from '../../src/core/search/types';
import type { VerifyOptions } from '../../src/core/verify/verifier';
import { loader } from './harness';

/** function-rename on a function of a project file as it is on disk, verified as `verify` says. */
export function renameInProject(lang: LanguageId, file: string, functionName: string, seed: number, verify: VerifyOptions): Promise<PerturbationDocument> {
  return transform(loader, {
    lang,
    text: fs.readFileSync(file, 'utf8'),
    filePath: file,
    selector: { functionName },
    search: { ...DEFAULT_SEARCH, seed },
    verify,
    mu: 0.5,
    methodId: 'function-rename',
  });
}
