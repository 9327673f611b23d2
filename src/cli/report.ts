import type { PerturbationDocument } from '../core/engine';
import { keptText, runCounts } from '../core/search/stepCounts';
import type { StepRecord } from '../core/search/types';

function pad(text: string, width: number): string {
  return text.length >= width ? text : text + ' '.repeat(width - text.length);
}

export function stepLine(step: StepRecord): string {
  const result = step.accepted ? 'kept' : step.method ? 'rejected' : 'skipped';
  const score = step.similarity ? step.similarity.overall.toFixed(4) : '     -';
  const growth = step.growth ? `${step.growth.tokens.toFixed(2)}x` : '    -';
  const full = step.accepted ? (step.summary ?? '') : (step.reason ?? '');
  const why = full.length > 110 ? `${full.slice(0, 109)}…` : full;
  return `${String(step.iteration).padStart(3)}  ${pad(step.method ?? '-', 24)} ${pad(step.category ?? '-', 13)} ${pad(result, 9)} ${score}  ${pad(growth, 6)}  ${why}`;
}

export const STEP_HEADER = ` it  ${pad('method', 24)} ${pad('category', 13)} ${pad('result', 9)} overall  growth`;

export function summaryLines(doc: PerturbationDocument): string[] {
  const s = doc.similarity;
  const lines = [
    `similarity  surface ${s.surface.toFixed(4)}  structural ${s.structural.toFixed(4)}  overall ${s.overall.toFixed(4)}`,
    `growth      tokens ${doc.growth.tokens.toFixed(2)}x  lines ${doc.growth.lines.toFixed(2)}x`,
    // the editor's words (search/stepCounts.ts): a skipped category is no step
    `${keptText(runCounts(doc.steps))} in ${(doc.elapsedMs / 1000).toFixed(1)} s`,
  ];
  if (doc.function && doc.entryPoint !== doc.function) lines.push(`entry point ${doc.function} is now ${doc.entryPoint}`);
  if (doc.verification.untested) lines.push(doc.verification.untested);
  return lines;
}
