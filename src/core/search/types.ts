import type { Tree } from 'web-tree-sitter';
import type { UsageRecord } from '../llm/usage';
import type { LineChange } from '../provenance';
import type { Category } from '../transforms/catalogue';
import type { Rename } from '../transforms/method';
import type { Span, TextEdit } from '../text/edits';
import type { UnitState } from '../unit';

export const STRATEGIES = ['peso', 'random', 'beam'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface Scores {
  surface: number;
  structural: number;
  overall: number;
}

/** The state a candidate was rewritten from, when its tree was reparsed from that state's tree. */
export interface ScoredParent {
  state: UnitState;
  tree: Tree;
  edits: readonly TextEdit[];
  /** Where the candidate's syntax differs from the parent's (GrammarLoader.changedSpans). */
  changed: readonly Span[] | undefined;
}

/** Similarity of a candidate to the original unit; the original's side is computed once per run. */
export interface Scorer {
  score(candidate: UnitState, tree: Tree, parent?: ScoredParent): Scores;
}

export interface SearchOptions {
  strategy: Strategy;
  /** Iteration budget; PESO's six initialisation steps count towards it. */
  maxIter: number;
  /** PESO stops once the best overall similarity is at or below this. */
  threshold: number;
  /** Boltzmann temperature T. */
  temperature: number;
  seed: number;
  /** Candidates a beam keeps per round (beam strategy only). */
  beamWidth?: number;
  /** Only these method ids may be used (all when undefined). */
  methods?: ReadonlySet<string>;
}

export const DEFAULT_BEAM_WIDTH = 3;

export const DEFAULT_SEARCH: Omit<SearchOptions, 'seed'> = {
  strategy: 'peso',
  maxIter: 15,
  threshold: 0.2,
  temperature: 2,
};

/** One iteration of a run, as the CLI's JSON and the editor's history show it. */
export interface StepRecord {
  iteration: number;
  method: string | null;
  category: Category | null;
  accepted: boolean;
  verified: { syntax: boolean | null; compile: boolean | null; test: boolean | null };
  similarity: Scores | null;
  reason: string | null;
  /** Where it applied (1-based line in the file before the step) and what it did. */
  site: { line: number; label: string } | null;
  summary: string | null;
  /** How the step was made (null when no method could act). */
  engine: 'local' | 'llm' | null;
  /** The voters' answers on an LLM step, in voter order. */
  votes: (boolean | null)[] | null;
  /** LLM calls, tokens and cost spent on the step. */
  usage: UsageRecord | null;
  /** Provenance: which unit lines the step rewrote (relative to the unit before and after it). */
  changes: LineChange[];
}

/** The run's current best: the state, its tree (owned by the run) and everything that led to it. */
export interface Current {
  state: UnitState;
  tree: Tree;
  scores: Scores;
  renames: Rename[];
}
