/**
 * The engine-side API the editor uses: every value src/vscode takes from src/core, in one module.
 * It is bundled on its own as dist/engine.js (scripts/build.mjs) and loaded on first use through
 * engineLoader.ts, so activation loads only the editor layer, not the transforms, similarity,
 * search, verification, LLM client and tree-sitter glue behind it.
 *
 * Editor modules must not import this file for values (that would pull the engine back into
 * dist/extension.js, and the build fails if it does); `import type` is fine. To use something new
 * from src/core in the editor, export it here and call it as `engine().name`.
 */
export {
  appendEntry,
  DEFAULT_ENTRIES_FILE,
  deleteEntry,
  entryFromDocument,
  exportCodemorphJsonl,
  readEntries,
} from '../core/benchmark/entries';
export { originalFile } from '../core/benchmark/originalFile';
export { checkLines, checkPair } from '../core/benchmark/pairChecks';
export { explainCheck } from '../core/benchmark/pairExplain';
export { entryStatistics, statisticsLine } from '../core/benchmark/entryStatistics';
export { makeControl, pairEntry, withControl } from '../core/benchmark/pairs';
export { reverifyEntry } from '../core/benchmark/reverify';
export { listCandidates } from '../core/candidates';
export { perturb, transform } from '../core/engine';
export { perturbAll, planBatch, skippedText, sourceFilesUnder } from '../core/dataset/perturbAll';
// errors are shared with the engine by identity (isCodemorphError is an instanceof check), so the
// class must come from this bundle, never from a second copy in the editor's
export { CodemorphError, isCodemorphError } from '../core/errors';
export { writeFileAtomic } from '../core/files';
export { installRoot } from '../core/install';
export { GrammarLoader } from '../core/languages/grammarLoader';
export { functionSpanAt, outlineFunctions } from '../core/languages/outline';
export { EndpointHealth } from '../core/llm/endpointHealth';
export { Limiter } from '../core/llm/limiter';
export { DEFAULT_BASE_URL, OpenAiCompatibleProvider } from '../core/llm/openaiProvider';
export { PromptLibrary } from '../core/llm/prompts';
export { asMethod, loadDesignedMethods } from '../core/design/methodFile';
export { redact, registerSecret } from '../core/redact';
export { stopEverything } from '../core/owned';
export { editorLimits } from '../core/search/profiles';
export { compareToBaseline, similarityToBaseline } from '../core/similarity/baseline';
export { editorEncoding } from '../core/text/encoding';
export { CATEGORIES } from '../core/transforms/catalogue';
export { unitText } from '../core/unit';
export { detectProject } from '../core/verify/project';
export { runCode } from '../core/verify/runCode';
export { toolVersion } from '../core/version';
export { resolveInFolder } from '../core/workspace/insideFolder';
export { openBenchmark, perturbProblems, readBenchmark } from '../core/dataset/imported';
export { exportEntriesAs, exportFormatHelp } from '../core/benchmark/exportFormats';
export { defaultVerification, FORMAT_IDS } from '../core/benchmark/formats';
export { DEFAULT_MEMORY_MB, evaluateItems } from '../core/evaluate/evaluateItems';
export { Pace } from '../core/evaluate/pace';
export { TASKS } from '../core/evaluate/prompts';
export { reportMarkdown } from '../core/evaluate/report';
export { EvaluationStopped } from '../core/evaluate/run';
export { ResponseCache } from '../core/evaluate/cache';
export { docstringProblem, rewriteDocstring } from '../core/rewrite/functionDocstring';
export { BUILT_IN_SCENARIOS, DEFAULT_POOL_SIZE, DEFAULT_SCENARIO_FILE, readyPool } from '../core/rewrite/scenarios';
