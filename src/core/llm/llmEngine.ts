import type { Node } from 'web-tree-sitter';
import { stopsRun } from '../errors';
import type { LanguageId } from '../languages/languageIds';
import { describeSyntaxProblem, syntaxProblems } from '../languages/syntaxErrors';
import type { TextEdit } from '../text/edits';
import { catalogueEntry } from '../transforms/catalogue';
import type { UnitContext } from '../syntax/context';
import type { Method, Rewrite } from '../transforms/method';
import { descendants } from '../syntax/nodes';
import { parseAnswer, parseVote } from './answer';
import type { ModelChoice } from './chat';
import type { PromptLibrary } from './prompts';
import { addUsage, emptyUsage, PriceTable, UsageRecord } from './usage';

export const ENGINES = ['local', 'llm', 'hybrid'] as const;
export type EngineKind = (typeof ENGINES)[number];

/** What the llm and hybrid engines need: who perturbs, who votes, the prompts and the prices. */
export interface LlmSetup {
  perturber: ModelChoice;
  /** Three voters (docs/engine.md, "LLM execution"): at least two must answer True. */
  voters: readonly ModelChoice[];
  prompts: PromptLibrary;
  prices: PriceTable;
  /** Methods an LLM designed (src/core/design/), drawn beside the built-in ones; their prompts are in `prompts`. */
  designed?: readonly Method[];
}

export interface LlmRewrite {
  /** Null when the answer was rejected; `reason` says why. */
  rewrite: Rewrite | null;
  reason: string | null;
  usage: UsageRecord;
}

export interface Votes {
  /** One per voter: true, false, or null for no usable answer. */
  votes: (boolean | null)[];
  passed: boolean;
  usage: UsageRecord;
}

/** A failed call costs one step (or one vote), unless it ends the run: a cancel, a refused key, a dead endpoint. */
function rethrowStopping(e: unknown): void {
  if (stopsRun(e)) throw e;
}

/** Functions defined inside `text` of the unit, by name, as the grammar finds them. */
function functionNames(ctx: UnitContext, root: Node, start: number, end: number): string[] {
  return descendants(root, (n) => ctx.profile.functionTypes.includes(n.type) && n.startIndex >= start && n.endIndex <= end)
    .map((n) => ctx.profile.nameOf(n)?.text)
    .filter((n): n is string => !!n);
}

/**
 * The answer's code with the line endings of the text it is spliced into. The engine works on
 * LF text and puts the file's endings back on what it writes (src/core/text/lineEndings.ts), so
 * a model answering with CRLF would come out as "\r\r\n" in a CRLF file. A lone "\r" is content.
 */
export function inLineEndingsOf(source: string, code: string): string {
  const lf = code.replace(/\r\n/g, '\n');
  // a caller that hands the engine CRLF text itself (no bare LF in it) gets CRLF back
  const crlf = source.includes('\r\n') && !/(^|[^\r])\n/.test(source);
  return crlf ? lf.replace(/\n/g, '\r\n') : lf;
}

/**
 * Asks the model to apply one method to the unit and turns a valid answer into a rewrite of
 * the unit. An answer that is not JSON, lacks code, does not parse, or redefines anything the
 * file defines outside the unit is rejected with the reason, and never reaches the user's code.
 */
export async function rewriteByPrompt(setup: LlmSetup, methodId: string, ctx: UnitContext, signal?: AbortSignal): Promise<LlmRewrite> {
  const usage = emptyUsage();
  const unitText = ctx.source.slice(ctx.unit.start, ctx.unit.end);
  const messages = setup.prompts.render(methodId, ctx.lang, {
    code: unitText,
    entry_point: ctx.entryPoint ?? '(the whole file)',
    method: methodId,
    description: catalogueEntry(methodId)?.description ?? methodId,
  });
  const { provider, temperature, maxTokens } = setup.perturber;
  let text: string;
  try {
    const response = await provider.complete({ messages, temperature, maxTokens, signal });
    addUsage(usage, provider.model, response.usage, setup.prices);
    text = response.text;
  } catch (e) {
    rethrowStopping(e);
    return { rewrite: null, reason: `the LLM call failed: ${(e as Error).message}`, usage };
  }
  const parsed = parseAnswer(text);
  if (!parsed.ok) return { rewrite: null, reason: parsed.reason, usage };
  const answer = { ...parsed, code: inLineEndingsOf(ctx.source, parsed.code) };

  const source = ctx.source.slice(0, ctx.unit.start) + answer.code + ctx.source.slice(ctx.unit.end);
  const newEnd = ctx.unit.start + answer.code.length;
  const tree = ctx.parse(source);
  try {
    const problems = syntaxProblems(tree.rootNode, 2);
    if (problems.length) return { rewrite: null, reason: `the answer does not parse: ${problems.map(describeSyntaxProblem).join('; ')}`, usage };
    const outside = new Set(ctx.functions.filter((f) => f.end <= ctx.unit.start || f.start >= ctx.unit.end).map((f) => f.name));
    const inside = functionNames(ctx, tree.rootNode, ctx.unit.start, newEnd);
    const clash = inside.find((name) => outside.has(name) && name !== ctx.entryPoint);
    if (clash) return { rewrite: null, reason: `the answer changes code outside the unit (it redefines \`${clash}\`)`, usage };

    const edits: TextEdit[] = [{ start: ctx.unit.start, end: ctx.unit.end, text: answer.code }];
    const from = ctx.entryPoint;
    const to = ctx.unitKind === 'function' ? (answer.entryPoint ?? from) : null;
    if (from && to && to !== from) {
      if (!inside.includes(to)) return { rewrite: null, reason: `the answer's entry point \`${to}\` is not a function of its code`, usage };
      // callers elsewhere in the file follow the new name, as function-rename does locally
      for (const id of descendants(ctx.root, (n) => n.childCount === 0 && n.type.endsWith('identifier') && n.text === from)) {
        if (id.endIndex <= ctx.unit.start || id.startIndex >= ctx.unit.end) edits.push({ start: id.startIndex, end: id.endIndex, text: to });
      }
    } else if (from && ctx.unitKind === 'function' && !inside.includes(from)) {
      return { rewrite: null, reason: `the answer has no function \`${from}\` (its entry point)`, usage };
    }
    return {
      rewrite: {
        edits,
        entryPoint: to && to !== from ? to : undefined,
        renames: from && to && to !== from ? [{ from, to }] : undefined,
        summary: `${methodId} by ${provider.model}`,
      },
      reason: null,
      usage,
    };
  } finally {
    tree.delete();
  }
}

/**
 * Asks every voter whether the ORIGINAL unit and the perturbed unit are semantically
 * equivalent (not the previous step: drift would accumulate); at least two True pass. No re-polls.
 */
export async function vote(setup: LlmSetup, lang: LanguageId, original: string, perturbed: string, signal?: AbortSignal): Promise<Votes> {
  const usage = emptyUsage();
  const messages = setup.prompts.render('voter', lang, { original, perturbed });
  const votes = await Promise.all(
    setup.voters.map(async ({ provider, temperature, maxTokens }) => {
      try {
        const response = await provider.complete({ messages, temperature, maxTokens, signal });
        addUsage(usage, provider.model, response.usage, setup.prices);
        return parseVote(response.text);
      } catch (e) {
        rethrowStopping(e);
        return null;
      }
    }),
  );
  return { votes, passed: votes.filter((v) => v === true).length >= 2, usage };
}
