import vscode = require('vscode');
import type { Growth } from '../core/similarity/size';
import type { Scores } from '../core/similarity/scorer';
import { growthText } from './decorations/hover';
import { unitTitle } from './compare';
import { readSettings } from './config';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import type { Located } from './history/locate';
import { keptSteps } from './history/record';
import type { UnitHistory } from './history/types';
import { guarded } from './log';
import { isTargetArgs, requireHistory, resolveTarget, Target, TargetArgs } from './target';
import { roundedScores } from '../core/round';

/** The unit's similarity now to its first original, measured as the engine measures steps, and its growth beside it. */
export async function currentMeasures(ctx: Ctx, target: Target, history: UnitHistory, located: Located): Promise<{ similarity: Scores; growth: Growth }> {
  const measured = await engine().compareToBaseline(ctx.loader, target.lang, target.text, located, history.original, { mu: readSettings(target.document).mu });
  return { similarity: roundedScores(measured.similarity), growth: measured.growth };
}

/** "Show similarity": surface, structural and overall similarity of the unit now to its first original. */
export function showSimilarity(ctx: Ctx) {
  return (args?: unknown): Promise<Scores | undefined> =>
    guarded(ctx, async () => {
      const target = await resolveTarget(ctx, isTargetArgs(args) ? (args as TargetArgs) : undefined);
      const found = target && requireHistory(ctx, target);
      if (!target || !found) return undefined;
      const { similarity: scores, growth } = await currentMeasures(ctx, target, found.history, found.located);
      const kept = keptSteps(found.history).length;
      const f = (v: number) => v.toFixed(2);
      void ctx
        .notify(
          'info',
          `${unitTitle(found.history)} vs its first original: overall ${f(scores.overall)} (surface ${f(scores.surface)}, structural ${f(scores.structural)}), ${growthText(growth)}, after ${kept} kept step${kept === 1 ? '' : 's'}.`,
          'Compare with Original',
          'Save as Benchmark Entry',
        )
        .then((choice) => {
          const args = { uri: target.document.uri.toString(), key: found.history.key };
          if (choice === 'Compare with Original') void vscode.commands.executeCommand('codemorph.compareWithOriginal', args);
          if (choice === 'Save as Benchmark Entry') void vscode.commands.executeCommand('codemorph.saveEntry', args);
        });
      return scores;
    });
}
