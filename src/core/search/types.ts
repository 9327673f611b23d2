import type { Tree } from 'web-tree-sitter';
import type { UsageRecord } from '../llm/usage';
import type { LineChange } from '../provenance';
import type { Category } from '../transforms/catalogue';
import type { Rename } from '../transforms/method';
import type { UnitState } from '../unit';
import type { Scores } from '../similarity/scorer';
import type { Growth, Size } from '../similarity/size';

export const STRATEGIES = ['peso', 'random', 'beam'] as const;
export type Strategy = (typeof STRATEGIES)[number];

export interface SearchOptions {
  strategy: Strategy;
  /** Iteration budget: one step per iteration; the opening renames spend none (search/stepCounts.ts says the words). */
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
  /**
   * Growth budget: a step may not take the unit past this many times its original's tokens
   * (helpers the steps added included). Null or undefined: no budget (profiles.ts sets one).
   */
  maxGrowth?: number | null;
  /** Junk-insertion steps (JUNK_METHODS) a unit may take over its whole history; null or undefined: no bound. */
  maxJunk?: number | null;
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
  /** The unit's length after the step over its original's, beside the similarity (null when the rewrite never became a parsed candidate). */
  growth: Growth | null;
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
  /** The identifiers the step renamed everywhere (absent when it renamed none): what prose around the code follows. */
  renames?: Rename[];
}

/** The run's current best: the state, its tree (owned by the run) and everything that led to it. */
export interface Current {
  state: UnitState;
  tree: Tree;
  scores: Scores;
  renames: Rename[];
  /** The unit's size, with what the steps added outside its span (`outside`). */
  size: Size;
  outside: Size;
  /** Junk-insertion steps taken on the unit, earlier runs of its history included. */
  junk: number;
}
