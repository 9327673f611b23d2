import vscode = require('vscode');
import { applyMethod } from './applyMethod';
import { applySite, previewSite, SiteRef } from './applySite';
import { compareWithOriginal, showStep, StepRef } from './compare';
import { createControlPair } from './createControlPair';
import { deleteEntryCommand, openEntry, reverifyEntryCommand } from './entryActions';
import { evaluateEntries } from './evaluateEntries';
import { exportEntries } from './exportEntries';
import { exportEntriesAs } from './exportEntriesAs';
import { importBenchmark, openProblem, perturbAllProblems, perturbProblem } from './importBenchmark';
import type { Ctx } from './ctx';
import { showHistoryHover } from './decorations/historyLenses';
import { setApiKey } from './llmSetup';
import { perturbCommand, perturbFunctionWithOptions } from './perturb';
import { perturbAll } from './perturbAll';
import { rewriteProblem } from './rewriteProblem';
import { runVariant } from './runVariant';
import { saveEntry } from './saveEntry';
import { savePair } from './savePair';
import { showSimilarity } from './showSimilarity';
import { undoLastStep } from './undoStep';
import { refreshEntries } from './views/entriesView';
import { openExample, walkthroughInspect, walkthroughPerturb, walkthroughSave } from './walkthrough';

type CommandFactory = (ctx: Ctx) => (...args: never[]) => unknown;

/** Tree items pass their element; links and code pass the reference itself. */
function siteRef(arg: SiteRef | { ref: SiteRef }): SiteRef {
  return 'ref' in arg ? arg.ref : arg;
}

function stepRef(arg: StepRef | { ref: StepRef }): StepRef {
  return 'ref' in arg ? arg.ref : arg;
}

/** Every command of the extension, by id: one factory each, registered together at activation. */
const COMMANDS: Record<string, CommandFactory> = {
  'codemorph.perturbFunction': perturbCommand('function'),
  'codemorph.perturbSelection': perturbCommand('selection'),
  'codemorph.perturbFile': perturbCommand('file'),
  'codemorph.perturbFunctionWithOptions': perturbFunctionWithOptions,
  'codemorph.perturbAll': perturbAll,
  'codemorph.rewriteProblem': rewriteProblem,
  'codemorph.runVariant': runVariant,
  'codemorph.applyMethod': applyMethod,
  'codemorph.compareWithOriginal': compareWithOriginal,
  'codemorph.undoLastStep': undoLastStep,
  'codemorph.showSimilarity': showSimilarity,
  'codemorph.saveEntry': saveEntry,
  'codemorph.setApiKey': (ctx) => setApiKey(ctx.extension.secrets),
  // from the views
  'codemorph.previewSite': (ctx) => (arg: SiteRef | { ref: SiteRef }) => previewSite(ctx)(siteRef(arg)),
  'codemorph.applySite': (ctx) => (arg: SiteRef | { ref: SiteRef }) => applySite(ctx)(siteRef(arg)),
  'codemorph.showStep': (ctx) => (arg: StepRef | { ref: StepRef }) => showStep(ctx)(stepRef(arg)),
  'codemorph.showOutput': (ctx) => () => ctx.output.show(true),
  'codemorph.showHistoryHover': showHistoryHover,
  // entries and pairs
  'codemorph.createControlPair': createControlPair,
  'codemorph.savePair': savePair,
  'codemorph.exportEntries': exportEntries,
  'codemorph.openEntry': openEntry,
  'codemorph.reverifyEntry': reverifyEntryCommand,
  'codemorph.deleteEntry': deleteEntryCommand,
  'codemorph.refreshEntries': refreshEntries,
  // published benchmarks in and out, and a model evaluated on the entries
  'codemorph.importBenchmark': importBenchmark,
  'codemorph.openProblem': openProblem,
  'codemorph.perturbProblem': perturbProblem,
  'codemorph.perturbAllProblems': perturbAllProblems,
  'codemorph.exportEntriesAs': exportEntriesAs,
  'codemorph.evaluateEntries': evaluateEntries,
  // the walkthrough's buttons
  'codemorph.openExample': openExample,
  'codemorph.walkthroughPerturb': walkthroughPerturb,
  'codemorph.walkthroughInspect': walkthroughInspect,
  'codemorph.walkthroughSave': walkthroughSave,
};

export const COMMAND_IDS = Object.keys(COMMANDS);

export function registerCommands(ctx: Ctx): void {
  for (const [id, factory] of Object.entries(COMMANDS)) {
    ctx.push(vscode.commands.registerCommand(id, factory(ctx) as (...args: unknown[]) => unknown));
  }
}
