import { DEFAULT_COMPLETION_LINES } from '../benchmark/completion';
import { inputError } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import type { PriceTable } from '../llm/usage';
import { count } from '../text/plural';
import { completionItems } from './completionItems';
import { EvaluationItem, ItemsFile, readItems } from './items';
import { buildReport, EvaluationReport } from './report';
import { runEvaluation, RunOptions, RunOutcome } from './run';

/** The address-space cap of an answer's program, in MB, unless the caller gives another. */
export const DEFAULT_MEMORY_MB = 2048;

export interface EvaluateOptions extends Omit<RunOptions, 'items'> {
  /** The benchmark: dataset output, a published format's records (with `originalFile`), or an entries file. */
  input: string;
  /** How messages name the input (the CLI's path as given, the editor's workspace-relative one). */
  shown?: string;
  defaultLang?: LanguageId;
  originalFile?: string;
  /** Completion: how many lines the tasks made from perturbed records and entries mask. */
  lines?: readonly number[];
  ks: readonly number[];
  /** The bootstrap intervals' seed. */
  seed: number;
  prices: PriceTable;
  /** The input's lines that give no item, with why: told as soon as the file is read, before any request. */
  onUnreadLines?(skipped: ItemsFile['skipped']): void;
}

export interface Evaluation {
  report: EvaluationReport;
  outcome: RunOutcome;
  /** The items asked: completion tasks are made from perturbed ones. */
  items: EvaluationItem[];
  /** Items not asked, with why: no completion task could be made, or a side has no task. */
  skipped: { item: string; reason: string }[];
}

/**
 * One evaluation, as `codemorph evaluate` and the editor's "Evaluate model on entries" both run
 * it: the items read, completion tasks made from perturbed items when the task is completion,
 * every answer asked and judged (the results file keeps them as they come), and the report.
 */
export async function evaluateItems(options: EvaluateOptions): Promise<Evaluation> {
  const shown = options.shown ?? options.input;
  const read = readItems(options.input, options.defaultLang, options.originalFile);
  options.onUnreadLines?.(read.skipped);
  if (!read.items.length) {
    const why = read.skipped.length ? `${count(read.skipped.length, 'line')} skipped, each reported with why` : 'it holds no record';
    throw inputError(`${shown} has no item with both sides: ${why}`);
  }
  const made = options.settings.task === 'completion' ? await completionItems(options.loader, read.items, options.lines ?? DEFAULT_COMPLETION_LINES) : { items: read.items, skipped: [] };
  const outcome = await runEvaluation({ ...options, items: made.items });
  const skipped = [...made.skipped, ...outcome.skipped];
  const report = buildReport(made.items, outcome.results, skipped, options.settings, [...options.ks], options.seed, options.prices);
  return { report, outcome, items: made.items, skipped };
}
