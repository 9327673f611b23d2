import type { Growth } from '../../core/search/growth';
import type { Scores } from '../../core/search/types';
import { keptSteps } from '../history/record';
import type { UnitHistory } from '../history/types';

/** The inline text after a perturbed function's signature: `⟲ 7 steps · ss 0.58`. */
export function decorationText(history: UnitHistory, now: Scores): string {
  const kept = keptSteps(history).length;
  const what = history.kind === 'file' ? 'file: ' : '';
  return `⟲ ${what}${kept} step${kept === 1 ? '' : 's'} · ss ${now.overall.toFixed(2)}`;
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

/**
 * The hover of that text, as markdown: the kept steps' methods in order with the similarity and
 * growth after each, both now, and links to what one does next.
 */
export function hoverMarkdown(history: UnitHistory, now: Scores, uri: string, growth?: Growth): string {
  const kept = keptSteps(history);
  const name = history.kind === 'file' ? 'this file' : history.currentName !== history.originalName ? `${code(history.originalName)} → ${code(history.currentName)}` : code(history.currentName);
  const lines = [`**CodeMorph** · ${name}`, '', '| # | method | category | ss after | growth after |', '|--:|---|---|--:|--:|'];
  kept.forEach((entry, i) => {
    const ss = entry.step.similarity ? entry.step.similarity.overall.toFixed(3) : '–';
    // steps recorded before growth was reported have none
    const grown = entry.step.growth ? `${entry.step.growth.tokens.toFixed(2)}x` : '–';
    const selection = history.runs[entry.run]?.kind === 'selection' ? ' (selection)' : '';
    lines.push(`| ${i + 1} | ${entry.step.method ?? ''} | ${entry.step.category ?? ''} | ${ss}${selection} | ${grown} |`);
  });
  const tried = history.steps.length;
  lines.push(
    '',
    `${kept.length} of ${tried} steps kept · similarity now **${now.overall.toFixed(2)}** (surface ${now.surface.toFixed(2)}, structural ${now.structural.toFixed(2)})` +
      (growth ? ` · ${growthText(growth)}` : ''),
    '',
  );
  const args = { uri, key: history.key };
  lines.push(
    [
      commandLink('Compare with original', 'codemorph.compareWithOriginal', args),
      commandLink('Undo last step', 'codemorph.undoLastStep', args),
      commandLink('Save as benchmark entry', 'codemorph.saveEntry', args),
    ].join(' · '),
  );
  return lines.join('\n');
}
