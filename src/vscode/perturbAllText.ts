import type { BatchResult, FunctionJob } from '../core/dataset/perturbAll';
import { count, similarityText } from './wording';

// The messages of "Perturb all functions…" (plain logic, tested in test/vscode/).

/** The progress line while a function runs: which of how many, its name and file. */
export function batchProgressText(job: FunctionJob, index: number, total: number): string {
  return `function ${index + 1} of ${total}: ${job.qualifiedName} (${job.file.rel}:${job.line})`;
}

/**
 * The closing message: how many functions ran and became entries (and where), which could not be
 * perturbed, which files were skipped and why, and whether the batch was stopped before the end.
 */
export function batchSummaryText(result: BatchResult, where: string, skipped: string, restricted: boolean): string {
  const parts: string[] = [];
  const head = result.stopped ? `stopped after ${result.done} of ${count(result.total, 'function')}` : `perturbed ${count(result.total, 'function')}`;
  const similarities = result.saved.map((e) => e.similarity?.overall).filter((s): s is number => typeof s === 'number');
  const mean = similarities.length ? ` (mean ${similarityText(similarities.reduce((a, b) => a + b, 0) / similarities.length)})` : '';
  parts.push(`${head}: ${count(result.saved.length, 'entry', 'entries')} saved to ${where}${mean}`);
  if (result.alreadySaved.length) parts.push(`${result.alreadySaved.length} already saved`);
  if (result.failed.length) parts.push(`${result.failed.length} could not be perturbed (the CodeMorph output says why)`);
  let text = `${parts.join('; ')}.`;
  if (skipped) text += ` ${skipped}.`;
  if (restricted) text += ' Checked by parsing only (Restricted Mode).';
  return text;
}
