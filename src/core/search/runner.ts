import type { Tree } from 'web-tree-sitter';
import { CodemorphError } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { EngineKind, LlmSetup, rewriteByPrompt, vote } from '../llm/llmEngine';
import { sumUsage, UsageRecord } from '../llm/usage';
import { collectAfterLargeStep } from '../memory';
import { LineChange, lineChanges } from '../provenance';
import type { Rng } from '../random';
import { UnitContext } from '../syntax/context';
import type { Method, Rewrite, Site } from '../transforms/method';
import { afterRewrite, UnitState, unitText } from '../unit';
import type { Verdict, Verifier } from '../verify/verifier';
import type { ScoredParent, Scorer, Scores } from '../similarity/scorer';
import { Growth, growthOf, lineCount, outsideGrowth, Size } from '../similarity/size';
import type { Current, SearchOptions, StepRecord } from './types';
import { overBudget } from './growth';
import { isJunkMethod } from '../transforms/catalogue';
import { Attached } from '../attached';
import { reparse } from '../syntax/reparse';

export interface Attempt {
  method: Method;
  /** How the rewrite was made: a local rewrite or a prompt. */
  engine: 'local' | 'llm';
  site: Site;
  /** Null when an LLM answer was rejected before it became code. */
  rewrite: Rewrite | null;
  candidate: UnitState | null;
  tree: Tree | null;
  verdict: Verdict;
  votes: (boolean | null)[] | null;
  usage: UsageRecord | null;
  scores: Scores | null;
  /** The candidate's size, what the steps added outside its unit so far, and its growth (null when no candidate was made). */
  size: Size | null;
  outside: Size | null;
  growth: Growth | null;
  line: number;
  /** The unit lines the rewrite replaced, before and after. */
  changes: LineChange[];
}

/** A rewrite made and parsed, not yet checked. */
interface Made {
  method: Method;
  how: 'local' | 'llm';
  current: Current;
  site: Site;
  rewrite: Rewrite;
  usages: (UsageRecord | null)[];
  candidate: UnitState;
  tree: Tree;
  parent: ScoredParent;
  size: Size;
  outside: Size;
  growth: Growth;
  line: number;
}

/** A rewrite to check, or its attempt decided without a check (an LLM answer that is no code, a step over the size budget). */
type Rewritten = { made: Made } | { done: Attempt };

/** Which engine runs the steps, and what the LLM engines need (docs/engine.md, "LLM execution"). */
export interface Routing {
  engine: EngineKind;
  llm?: LlmSetup;
}

/** What bounds a search's steps (SearchOptions; profiles.ts): a run of one method by hand has neither. */
export type StepLimits = Pick<SearchOptions, 'maxGrowth' | 'maxJunk'>;

function rejectedVerdict(reason: string): Verdict {
  return { syntax: null, compile: null, test: null, reason, output: '', commands: [], processMs: 0 };
}

/**
 * A runner's site searches on a tree (StepRunner.searches). One key for every runner: a key (a
 * symbol) per runner gave each tree object one more shape per record of a dataset run, which makes
 * a runner per record, and V8's stores into them grew slower and slower.
 */
const foundSites = new Attached<Tree, { by: StepRunner; ctx: UnitContext; sites: Map<Method, Site[]> }>('sites');

/**
 * Applies one method to the current state and checks the result: the part every strategy
 * shares. It owns no state between attempts; trees of rejected candidates are freed by `discard`.
 */
export class StepRunner {
  private readonly originalUnit: string;
  /**
   * Sites per state (keyed by its tree, which a state keeps for its lifetime) and method: a
   * rejected step leaves the state to the next iteration, which would repeat the searches of the
   * methods it asks. Sites are plain data (method.ts), so they outlive the context that found them.
   * One context per state serves the searches; `apply` gets a fresh one, since it claims new names.
   * Kept on the tree under one key for every runner (see foundSites), with the runner they belong to.
   */

  constructor(
    private readonly loader: GrammarLoader,
    readonly lang: LanguageId,
    private readonly verifier: Verifier,
    private readonly scorer: Scorer,
    private readonly reservedWords: readonly string[],
    private readonly signal: AbortSignal | undefined,
    private readonly routing: Routing,
    original: UnitState,
    /** Told of every verification with its output, which a step record keeps only as a one-line reason. */
    private readonly onVerdict?: (method: string, line: number, verdict: Verdict) => void,
    private readonly limits: StepLimits = {},
  ) {
    this.originalUnit = unitText(original);
  }

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
      project: state.project,
    });
  }

  private searches(current: Current) {
    let state = foundSites.get(current.tree);
    if (state?.by !== this) {
      state = { by: this, ctx: this.context(current.state, current.tree), sites: new Map() };
      foundSites.set(current.tree, state);
    }
    return state;
  }

  sites(method: Method, current: Current): Site[] {
    const state = this.searches(current);
    let sites = state.sites.get(method);
    if (!sites) {
      sites = method.findSites(state.ctx);
      state.sites.set(method, sites);
    }
    return sites;
  }

  /**
   * How a method would run now: locally at a site of its local rewrite (local and hybrid
   * engines), by prompt (llm engine; hybrid when the local rewrite has no site here).
   */
  private route(method: Method, current: Current): 'local' | 'llm' | null {
    // a unit that has had its junk steps is offered none: they are never drawn, so they cost no iteration
    const maxJunk = this.limits.maxJunk;
    if (maxJunk !== null && maxJunk !== undefined && current.junk >= maxJunk && isJunkMethod(method.id)) return null;
    const local = this.routing.engine !== 'llm' && this.sites(method, current).length > 0;
    if (local) return 'local';
    if (this.routing.engine === 'local') return null;
    return this.routing.llm?.prompts.has(method.id) ? 'llm' : null;
  }

  /**
   * Methods among `methods` that can act now, in the given order (beam search tries each). The
   * hybrid engine offers the ones it can run locally whenever there is any, and asks the model
   * only when none can, so it spends calls only where it must.
   */
  applicable(methods: readonly Method[], current: Current): Method[] {
    const routes = methods.map((m) => ({ m, how: this.route(m, current) }));
    const local = routes.filter((r) => r.how === 'local');
    const chosen = this.routing.engine === 'hybrid' && local.length > 0 ? local : routes.filter((r) => r.how !== null);
    return chosen.map((r) => r.m);
  }

  /**
   * One of `methods` that can act now, drawn as `rng.pick(applicable(methods))` would be, or null.
   * Methods are asked in a random order until one can act: the first of a random order that
   * belongs to a set is uniform over the set, so the draw is the same, but a step pays for the
   * site searches of the methods asked before the chosen one instead of every method's (the
   * chosen one needs all its sites anyway). The hybrid engine prefers a local rewrite: only when
   * no method has a local site does it draw among those its prompts can run.
   */
  choose(methods: readonly Method[], current: Current, rng: Rng): Method | null {
    const rest = [...methods];
    const byPrompt: Method[] = [];
    while (rest.length > 0) {
      const [method] = rest.splice(rng.int(rest.length), 1);
      const how = this.route(method, current);
      if (how === 'local' || (how === 'llm' && this.routing.engine === 'llm')) return method;
      if (how === 'llm') byPrompt.push(method);
    }
    if (byPrompt.length === 0) return null;
    byPrompt.sort((x, y) => methods.indexOf(x) - methods.indexOf(y));
    return rng.pick(byPrompt);
  }

  checkCancelled(): void {
    if (this.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
  }

  /**
   * Rewrites with one method (locally at one of its sites: the all-at-once site when
   * `preferAll` and there is one, else one at random; or by prompt), parses, verifies, lets the
   * voters judge an LLM's rewrite and, when everything passes, scores.
   */
  async attempt(method: Method, current: Current, rng: Rng, preferAll = false): Promise<Attempt | undefined> {
    const r = await this.rewrite(method, current, rng, preferAll);
    return r && ('done' in r ? r.done : this.check(r.made));
  }

  /**
   * Attempts of many methods on their states (a beam round), each as `attempt` would make it, in
   * order: every rewrite is made first (drawing from `rng` as the attempts one by one would, since
   * checking draws nothing), their compile checks are asked of the verifier together
   * (Verifier.precheck: one warm checker call), then each is verified, judged and scored in turn.
   * With a method that would run by prompt among them, they go one by one: the model is asked in
   * the order it always was.
   */
  async attempts(jobs: readonly { method: Method; current: Current }[], rng: Rng): Promise<(Attempt | undefined)[]> {
    if (jobs.length < 2 || jobs.some((job) => this.route(job.method, job.current) !== 'local')) {
      const out: (Attempt | undefined)[] = [];
      for (const job of jobs) out.push(await this.attempt(job.method, job.current, rng));
      return out;
    }
    const rewritten: (Rewritten | undefined)[] = [];
    for (const job of jobs) rewritten.push(await this.rewrite(job.method, job.current, rng, false));
    this.checkCancelled();
    const toCheck = rewritten.flatMap((r) => (r && 'made' in r ? [r.made] : []));
    await this.verifier.precheck(toCheck.map((m) => ({ state: m.candidate, tree: m.tree })));
    const out: (Attempt | undefined)[] = [];
    for (const r of rewritten) {
      if (r && 'made' in r) this.checkCancelled();
      out.push(r && ('done' in r ? r.done : await this.check(r.made)));
    }
    return out;
  }

  /** The rewrite half of an attempt: the candidate made and parsed. */
  private async rewrite(method: Method, current: Current, rng: Rng, preferAll: boolean): Promise<Rewritten | undefined> {
    this.checkCancelled();
    const how = this.route(method, current);
    if (!how) return undefined;
    const ctx = this.context(current.state, current.tree);
    let site: Site;
    let rewrite: Rewrite | null;
    const usages: (UsageRecord | null)[] = [];
    if (how === 'local') {
      const sites = this.sites(method, current);
      site = (preferAll && sites.find((s) => s.all)) || rng.pick(sites);
      rewrite = method.apply(ctx, site, rng);
    } else {
      site = { start: ctx.unit.start, end: ctx.unit.end, label: `prompt for ${method.id}` };
      const answer = await rewriteByPrompt(this.routing.llm!, method.id, ctx, this.signal);
      usages.push(answer.usage);
      rewrite = answer.rewrite;
      if (!rewrite) {
        const reason = `LLM answer rejected: ${answer.reason}`;
        const done: Attempt = {
          method,
          engine: how,
          site,
          rewrite,
          candidate: null,
          tree: null,
          verdict: rejectedVerdict(reason),
          votes: null,
          usage: sumUsage(usages),
          scores: null,
          size: null,
          outside: null,
          growth: null,
          line: ctx.lineOf(site.start),
          changes: [],
        };
        return { done };
      }
    }
    collectAfterLargeStep(current.state.text.length);
    const candidate = afterRewrite(current.state, rewrite);
    const tree = reparse(this.loader, this.lang, current.tree, current.state.text, rewrite.edits, candidate.text);
    const parent = { state: current.state, tree: current.tree, edits: rewrite.edits, changed: this.loader.changedSpans(tree) };
    const { size, outside } = this.sizeOf(current, candidate, tree, parent);
    const growth = growthOf(size, this.scorer.original);
    const line = ctx.lineOf(site.start);
    // the budget is checked before verification: a step it refuses costs no compiler run
    const tooLong = overBudget(candidate.unitKind, this.scorer.original, current.size, size, this.limits.maxGrowth);
    if (tooLong !== null) {
      const verdict = rejectedVerdict(tooLong);
      const changes = lineChanges(current.state, candidate, rewrite.edits);
      const usage = usages.length ? sumUsage(usages) : null;
      return { done: { method, engine: how, site, rewrite, candidate, tree, verdict, votes: null, usage, scores: null, size, outside, growth, line, changes } };
    }
    return { made: { method, how, current, site, rewrite, usages, candidate, tree, parent, size, outside, growth, line } };
  }

  /** The checking half of an attempt: verification, the voters for an LLM's rewrite, the scores. */
  private async check(made: Made): Promise<Attempt> {
    const { method, how, current, site, rewrite, usages, candidate, tree, parent, size, outside, growth, line } = made;
    const renames = [...current.renames, ...(rewrite.renames ?? [])];
    const verdict = await this.verifier.verify(candidate, tree, renames);
    let votes: (boolean | null)[] | null = null;
    if (verdict.reason === null && how === 'llm') {
      const result = await vote(this.routing.llm!, this.lang, this.originalUnit, unitText(candidate), this.signal);
      usages.push(result.usage);
      votes = result.votes;
      if (!result.passed) verdict.reason = `the voters did not find it equivalent (${votes.filter((v) => v === true).length} of ${votes.length} said yes)`;
    }
    this.onVerdict?.(method.id, line, verdict);
    const scores = verdict.reason === null ? this.scorer.score(candidate, tree, parent) : null;
    const usage = usages.length ? sumUsage(usages) : null;
    const changes = lineChanges(current.state, candidate, rewrite.edits);
    return { method, engine: how, site, rewrite, candidate, tree, verdict, votes, usage, scores, size, outside, growth, line, changes };
  }

  /** The candidate's size: its unit's tokens and lines, with what this and earlier steps added outside the unit. */
  private sizeOf(current: Current, candidate: UnitState, tree: Tree, parent: ScoredParent): { size: Size; outside: Size } {
    const added = outsideGrowth(this.lang, current.tree, tree, current.state.text, current.state.unit, parent.edits);
    const outside = { tokens: current.outside.tokens + added.tokens, lines: current.outside.lines + added.lines };
    const size = { tokens: this.scorer.tokenCount(candidate, tree, parent) + outside.tokens, lines: lineCount(unitText(candidate)) + outside.lines };
    return { size, outside };
  }

  /** The state an attempt leads to, keeping its parent alive (a beam expands one parent many times). */
  promote(parent: Current, attempt: Attempt): Current {
    return {
      state: attempt.candidate!,
      tree: attempt.tree!,
      scores: attempt.scores!,
      renames: [...parent.renames, ...(attempt.rewrite?.renames ?? [])],
      size: attempt.size!,
      outside: attempt.outside!,
      junk: parent.junk + (isJunkMethod(attempt.method.id) ? 1 : 0),
    };
  }

  /** The new current state when an attempt is kept; frees the old tree. */
  accept(current: Current, attempt: Attempt): Current {
    current.tree.delete();
    return this.promote(current, attempt);
  }

  discard(attempt: Attempt): void {
    attempt.tree?.delete();
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
    growth: attempt.growth,
    reason,
    site: { line: attempt.line, label: attempt.site.label },
    summary: attempt.rewrite?.summary ?? null,
    engine: attempt.engine,
    votes: attempt.votes,
    usage: attempt.usage,
    changes: attempt.changes,
    ...(attempt.rewrite?.renames?.length ? { renames: attempt.rewrite.renames } : {}),
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
    growth: null,
    reason,
    site: null,
    summary: null,
    engine: null,
    votes: null,
    usage: null,
    changes: [],
  };
}
