import type { LanguageId } from '../../core/languages/languageIds';
import type { StepRecord } from '../../core/search/types';
import type { FileEdit } from '../../core/text/edits';
import type { VerificationRecord } from '../../core/verify/verifier';

// Plain data, kept in the workspace state: no vscode types, so it survives reloads as JSON and
// the logic over it is tested without an editor.

/** What a history follows: a function (by its name, as steps rename it) or a whole file. */
export type HistoryKind = 'function' | 'file';

/** One command that added steps to a history. */
export interface RunInfo {
  /** What was perturbed: the function, a selection inside it, the file, or one method by hand. */
  kind: 'function' | 'selection' | 'file' | 'method';
  strategy: string;
  engine: string;
  /** The perturbing model, for the llm and hybrid engines. */
  model?: { provider: string; model: string; baseUrl?: string; temperature: number };
  seed: number;
  verification: VerificationRecord;
  /** ISO time the run finished. */
  at: string;
}

export type { FileEdit };

export interface HistoryStep {
  step: StepRecord;
  /** Index of the run in `runs`. */
  run: number;
  /** Kept steps: the unit and its function's name after the step, and the file edit it made. */
  after?: { unit: string; name: string | null; edit: FileEdit };
  /** Rejected steps: the compiler or test output behind the reason, shortened. */
  output?: string;
}

export interface UnitHistory {
  version: 1;
  /** Unique within the document: kind, qualified original name, and the line it started on. */
  key: string;
  kind: HistoryKind;
  language: LanguageId;
  /** The function's name before any step (null for files). */
  originalName: string | null;
  /** Its name now, after renames: how it is found again. */
  currentName: string | null;
  /** The class or type that holds the function, to tell same-named methods apart. */
  container: string | null;
  /** The FIRST original unit text: every similarity is measured against it. */
  original: string;
  /** The unit as the last step left it (with any helper functions the steps added). */
  current: string;
  /** 1-based line where the unit was last seen: among same-named functions, the nearest wins. */
  line: number;
  runs: RunInfo[];
  steps: HistoryStep[];
}
