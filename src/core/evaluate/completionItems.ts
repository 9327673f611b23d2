import { completionTasks } from '../benchmark/completion';
import type { BenchmarkEntry } from '../benchmark/entries';
import { findFunctions } from '../languages/functions';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { EvaluationItem, ItemSide } from './items';
import { outermost } from '../text/outermost';

/**
 * Completion tasks of items that are not completion tasks yet (dataset records, published or
 * CodeMorph's own): k consecutive lines of the perturbed function masked, and the original lines
 * they came from, found as `codemorph completion` finds them (the steps' line provenance). The
 * function is the unit the steps were made on, so each side keeps the code around it, and the
 * item's tests can run the answer put back in its place.
 */

/** The entry function's span in a side's code, or null when it is not there once. */
async function unitSpan(loader: GrammarLoader, lang: LanguageId, code: string, entry: string | null): Promise<{ start: number; end: number } | null> {
  if (!entry) return null;
  const tree = await loader.parse(lang, code);
  try {
    const named = findFunctions(tree.rootNode, profileOf(lang)).filter((f) => f.name === entry);
    const outer = outermost(named, (f) => f);
    return outer.length === 1 ? { start: outer[0].start, end: outer[0].end } : null;
  } finally {
    tree.delete();
  }
}

export interface CompletionItems {
  items: EvaluationItem[];
  skipped: { item: string; reason: string }[];
}

export async function completionItems(loader: GrammarLoader, items: readonly EvaluationItem[], sizes: readonly number[]): Promise<CompletionItems> {
  const out: CompletionItems = { items: [], skipped: [] };
  for (const item of items) {
    if (item.kind === 'completion') {
      out.items.push(item);
      continue;
    }
    if (item.kind !== 'perturbed' || !item.steps?.length) {
      out.skipped.push({ item: item.id, reason: `a ${item.kind === 'pair' ? 'pair' : 'record without steps'} has no line provenance to make completion tasks with` });
      continue;
    }
    const o = await unitSpan(loader, item.language, item.original.code, item.original.entryPoint);
    const p = await unitSpan(loader, item.language, item.perturbed.code, item.perturbed.entryPoint);
    if (!o || !p) {
      out.skipped.push({ item: item.id, reason: 'its function was not found once on each side' });
      continue;
    }
    const entry = {
      id: item.id,
      kind: 'perturbed',
      language: item.language,
      original: item.original.code.slice(o.start, o.end),
      perturbed: item.perturbed.code.slice(p.start, p.end),
      steps: item.steps,
    } as unknown as BenchmarkEntry;
    const made = completionTasks(entry, sizes);
    for (const s of made.skipped) out.skipped.push({ item: item.id, reason: `no ${s.lines}-line task: ${s.reason}` });
    for (const task of made.tasks) {
      const c = task.completion!;
      const at = (side: ItemSide, span: { start: number; end: number }, completion: typeof c.original): ItemSide => ({
        ...side,
        completion,
        around: { before: side.code.slice(0, span.start), after: side.code.slice(span.end) },
      });
      out.items.push({
        ...item,
        id: `${item.id}#${c.lines}-line`,
        kind: 'completion',
        original: at(item.original, o, c.original),
        perturbed: at(item.perturbed, p, c.perturbed),
      });
    }
  }
  return out;
}
