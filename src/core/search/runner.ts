import type { Tree } from 'web-tree-sitter';
import { CodemorphError } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import type { Rng } from '../random';
import { UnitContext } from '../transforms/context';
import type { Method, Rewrite, Site } from '../transforms/method';
import { afterRewrite, UnitState } from '../unit';
import type { Verdict, Verifier } from '../verify/verifier';
import type { Current, Scorer, Scores, StepRecord } from './types';

export interface Attempt {
  method: Method;
  site: Site;
  rewrite: Rewrite;
  candidate: UnitState;
  tree: Tree;
  verdict: Verdict;
  scores: Scores | null;
  line: number;
}

/**
 * Applies one method to the current state and checks the result: the part every strategy
 * shares. It owns no state between attempts; trees of rejected candidates are freed by `discard`.
 */
export class StepRunner {
  constructor(
    private readonly loader: GrammarLoader,
    readonly lang: LanguageId,
    private readonly verifier: Verifier,
    private readonly scorer: Scorer,
    private readonly reservedWords: readonly string[],
    private readonly signal?: AbortSignal,
  ) {}

  context(state: UnitState, tree: Tree): UnitContext {
    return new UnitContext({
      lang: this.lang,
      source: state.text,
      tree,
      unit: state.unit,
      unitKind: state.unitKind,
      entryPoint: state.entryPoint,
      loader: this.loader,
      reservedWords: this.reservedWords,
    });
  }

  sites(method: Method, current: Current): Site[] {
    return method.findSites(this.context(current.state, current.tree));
  }

  /** Methods among `methods` that have at least one site now, in the given order. */
  applicable(methods: readonly Method[], current: Current): Method[] {
    return methods.filter((m) => this.sites(m, current).length > 0);
  }

  checkCancelled(): void {
    if (this.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
  }

  /**
   * Picks a site (the all-at-once site when `preferAll` and there is one, else one at random),
   * rewrites, parses, verifies and, when verification passes, scores.
   */
  async attempt(method: Method, current: Current, rng: Rng, preferAll = false): Promise<Attempt | undefined> {
    this.checkCancelled();
    const ctx = this.context(current.state, current.tree);
    const sites = method.findSites(ctx);
    if (sites.length === 0) return undefined;
    const site = (preferAll && sites.find((s) => s.all)) || rng.pick(sites);
    const rewrite = method.apply(ctx, site, rng);
    const candidate = afterRewrite(current.state, rewrite);
    const tree = this.loader.parseSync(this.lang, candidate.text);
    const renames = [...current.renames, ...(rewrite.renames ?? [])];
    const verdict = await this.verifier.verify(candidate, tree, renames);
    const scores = verdict.reason === null ? this.scorer.score(candidate, tree) : null;
    return { method, site, rewrite, candidate, tree, verdict, scores, line: ctx.lineOf(site.start) };
  }

  /** The state an attempt leads to, keeping its parent alive (a beam expands one parent many times). */
  promote(parent: Current, attempt: Attempt): Current {
    return {
      state: attempt.candidate,
      tree: attempt.tree,
      scores: attempt.scores!,
      renames: [...parent.renames, ...(attempt.rewrite.renames ?? [])],
    };
  }

  /** The new current state when an attempt is kept; frees the old tree. */
  accept(current: Current, attempt: Attempt): Current {
    current.tree.delete();
    return this.promote(current, attempt);
  }

  discard(attempt: Attempt): void {
    attempt.tree.delete();
  }
}

export function stepRecord(iteration: number, attempt: Attempt, accepted: boolean, reason: string | null): StepRecord {
  return {
    iteration,
    method: attempt.method.id,
    category: attempt.method.category,
    accepted,
    verified: { syntax: attempt.verdict.syntax, compile: attempt.verdict.compile, test: attempt.verdict.test },
    similarity: attempt.scores,
    reason,
    site: { line: attempt.line, label: attempt.site.label },
    summary: attempt.rewrite.summary,
  };
}

export function emptyRecord(iteration: number, category: StepRecord['category'], method: string | null, reason: string): StepRecord {
  return {
    iteration,
    method,
    category,
    accepted: false,
    verified: { syntax: null, compile: null, test: null },
    similarity: null,
    reason,
    site: null,
    summary: null,
  };
}
