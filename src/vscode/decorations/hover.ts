import type { Growth } from '../../core/similarity/size';
import type { Scores } from '../../core/similarity/scorer';
import { keptSteps } from '../history/record';
import type { UnitHistory } from '../history/types';
import { count, isStep, similarityText, stepNumbers } from '../wording';

/** The inline history of a perturbed function: `⟲ 7 steps kept · similarity 0.58 to the original`. */
export function decorationText(history: UnitHistory, now: Scores): string {
  const kept = keptSteps(history).length;
  const what = history.kind === 'file' ? 'file: ' : '';
  return `⟲ ${what}${count(kept, 'step')} kept · ${similarityText(now.overall)}`;
}

/** Growth as the messages put it, beside the similarity: how much of a drop came from length. */
export function growthText(growth: Growth): string {
  return `${growth.tokens.toFixed(2)}x its tokens (${growth.lines.toFixed(2)}x its lines)`;
}

function code(text: string | null): string {
  return `\`${(text ?? '').replace(/`/g, "'")}\``;
}

function commandLink(title: string, command: string, args: unknown): string {
  return `[${title}](command:${command}?${encodeURIComponent(JSON.stringify([args]))})`;
}

/** Commands the hover's links may run (a trusted hover runs only these). */
export const HOVER_COMMANDS = ['codemorph.compareWithOriginal', 'codemorph.undoLastStep', 'codemorph.saveEntry', 'codemorph.showSimilarity', 'codemorph.history.focus'];

/** The hover's links: what one does next with a perturbed unit. */
export function hoverLinks(history: UnitHistory, uri: string): string {
  const args = { uri, key: history.key };
  return [
    commandLink('Compare with original', 'codemorph.compareWithOriginal', args),
    commandLink('Undo last step', 'codemorph.undoLastStep', args),
    commandLink('Save as benchmark entry', 'codemorph.saveEntry', args),
  ].join(' · ');
}

/**
 * The hover of that text, as markdown: the links first (a long history makes the hover scroll,
 * and the links must not scroll out of reach), the similarity now, then the kept steps in order,
 * numbered as History numbers them, with the similarity and growth after each.
 */
export function hoverMarkdown(history: UnitHistory, now: Scores, uri: string, growth?: Growth): string {
  const name = history.kind === 'file' ? 'this file' : history.currentName !== history.originalName ? `${code(history.originalName)} → ${code(history.currentName)}` : code(history.currentName);
  const numbers = stepNumbers(history.steps.map((s) => s.step));
  const kept = keptSteps(history);
  const steps = history.steps.filter((s) => isStep(s.step)).length;
  const lines = [
    `**CodeMorph** · ${name}`,
    '',
    hoverLinks(history, uri),
    '',
    `${kept.length} of ${count(steps, 'step')} kept · similarity **${now.overall.toFixed(2)}** to the original (surface ${now.surface.toFixed(2)}, structural ${now.structural.toFixed(2)})` +
      (growth ? ` · ${growthText(growth)}` : ''),
    '',
    '| step | method | category | similarity after | growth after |',
    '|--:|---|---|--:|--:|',
  ];
  for (const entry of kept) {
    // two decimals, as History and the text above show the same state (three made 0.804 beside 0.80)
    const ss = entry.step.similarity ? entry.step.similarity.overall.toFixed(2) : '–';
    // steps recorded before growth was reported have none
    const grown = entry.step.growth ? `${entry.step.growth.tokens.toFixed(2)}x` : '–';
    const selection = history.runs[entry.run]?.kind === 'selection' ? ' (selection)' : '';
    lines.push(`| ${numbers[history.steps.indexOf(entry)] ?? ''} | ${entry.step.method ?? ''} | ${entry.step.category ?? ''} | ${ss}${selection} | ${grown} |`);
  }
  return lines.join('\n');
}
