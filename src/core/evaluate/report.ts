import type { PriceTable } from '../llm/usage';
import type { EvaluationItem } from './items';
import { DYPASS_KS, dyPassAtK, Interval, mcnemarExact, mean, pairedBootstrap, passAtK } from './metrics';
import type { EvaluationSettings, SampleResult, Side } from './run';

/** Resamples of the paired bootstrap. */
export const BOOTSTRAP_ROUNDS = 1000;
/** Below this p-value the report calls a drop significant. */
export const SIGNIFICANCE = 0.05;

interface Counts {
  n: number;
  c: number;
  /** The first sample passed: the paired test's outcome. */
  first: boolean;
  editSimilarity: number | null;
}

interface Scored {
  item: EvaluationItem;
  original: Counts;
  perturbed: Counts;
}

export interface SideSummary {
  pass_at_1: number;
  pass_at_k: Record<string, number | null>;
  pass_at_1_ci: Interval | null;
  /** 95% paired-bootstrap interval of each pass@k (null where k exceeds n). */
  pass_at_k_ci: Record<string, Interval | null>;
  /** Completion tasks: the mean edit similarity of the answers to the masked lines. */
  edit_similarity?: number | null;
  usage: { prompt_tokens: number; completion_tokens: number; cost: number | null };
}

export interface Drop {
  absolute: number;
  /** Over the original's pass rate; null when the original never passes. */
  relative: number | null;
  ci: Interval | null;
}

export interface Group {
  items: number;
  original: { pass_at_1: number };
  perturbed: { pass_at_1: number };
  drop: { absolute: number; relative: number | null };
  p_value: number;
}

/**
 * Contaminated/control pairs (the contamination study): a pair's original is the function a
 * model may have memorised, its perturbed side the control with its identifiers renamed. The
 * pass rates of both, their difference with a paired bootstrap interval, and the exact McNemar
 * test on the pairs alone.
 */
export interface Contamination {
  pairs: number;
  contaminated: { pass_at_1: number };
  control: { pass_at_1: number };
  difference: Drop;
  p_value: number;
  significant: boolean;
  outcomes: { both: number; contaminated_only: number; control_only: number; neither: number };
}

/**
 * DyCodeEval's DyPass@k: each problem's variants answered once each (the first sample), c of its n
 * variants passing; beside it pass@k of the same problems' originals, over their samples.
 */
export interface DyPass {
  problems: number;
  /** Variants per problem, fewest and most. */
  variants: { min: number; max: number };
  dypass_at_k: Record<string, number | null>;
  original_pass_at_k: Record<string, number | null>;
}

function dyPass(scored: readonly Scored[], ks: readonly number[]): DyPass | null {
  const byProblem = new Map<string, Scored[]>();
  for (const s of scored) if (s.item.variantOf !== undefined) byProblem.set(s.item.variantOf, [...(byProblem.get(s.item.variantOf) ?? []), s]);
  if (!byProblem.size) return null;
  const groups = [...byProblem.values()];
  const counts = groups.map((g) => ({ n: g.length, c: g.filter((s) => s.perturbed.first).length }));
  const fewest = Math.min(...counts.map((c) => c.n));
  const dks = DYPASS_KS.filter((k) => k <= fewest);
  // the original is the same record under every variant: its samples are counted once
  const originals = groups.map((g) => g[0]);
  return {
    problems: groups.length,
    variants: { min: fewest, max: Math.max(...counts.map((c) => c.n)) },
    dypass_at_k: Object.fromEntries(dks.map((k) => [String(k), dyPassAtK(counts, k)])),
    original_pass_at_k: Object.fromEntries(ks.map((k) => [String(k), rate(originals, 'original', k)])),
  };
}

export interface EvaluationReport {
  task: string;
  model: string;
  n: number;
  k: number[];
  temperature: number;
  max_tokens: number | null;
  cot: boolean;
  seed: number;
  items: number;
  skipped: { item: string; reason: string }[];
  original: SideSummary;
  perturbed: SideSummary;
  drop: Drop;
  drop_at_k: Record<string, Drop | null>;
  p_value: number;
  significant: boolean;
  /** The paired outcomes of each item's first sample: McNemar's table. */
  pairs: { both: number; original_only: number; perturbed_only: number; neither: number };
  by_language: Record<string, Group>;
  by_method: Record<string, Group>;
  by_similarity: Record<string, Group>;
  by_kind: Record<string, Group>;
  /** Over the pair entries only; null when the input has none. */
  contamination: Contamination | null;
  /** Over `codemorph rewrite`'s variants, grouped by problem; null when the input has none. */
  dypass: DyPass | null;
  per_item: {
    id: string;
    language: string;
    kind: string;
    methods: string[];
    similarity: number | null;
    original: { n: number; passed: number; reason: string | null };
    perturbed: { n: number; passed: number; reason: string | null };
  }[];
}

function counts(results: readonly SampleResult[]): Counts {
  const sorted = [...results].sort((a, b) => a.sample - b.sample);
  const sims = sorted.map((r) => r.edit_similarity).filter((v): v is number => typeof v === 'number');
  return { n: sorted.length, c: sorted.filter((r) => r.passed).length, first: sorted[0]?.passed ?? false, editSimilarity: mean(sims) };
}

function rate(scored: readonly Scored[], side: Side, k: number): number | null {
  const values = scored.map((s) => passAtK(s[side].n, s[side].c, k));
  if (values.some((v) => v === null)) return null;
  return mean(values as number[]);
}

function mcnemar(scored: readonly Scored[]): { p: number; both: number; original_only: number; perturbed_only: number; neither: number } {
  let both = 0;
  let b = 0;
  let c = 0;
  let neither = 0;
  for (const s of scored) {
    if (s.original.first && s.perturbed.first) both++;
    else if (s.original.first) b++;
    else if (s.perturbed.first) c++;
    else neither++;
  }
  return { p: mcnemarExact(b, c), both, original_only: b, perturbed_only: c, neither };
}

function relative(original: number, perturbed: number): number | null {
  return original > 0 ? (original - perturbed) / original : null;
}

function group(scored: readonly Scored[]): Group {
  const o = rate(scored, 'original', 1) ?? 0;
  const p = rate(scored, 'perturbed', 1) ?? 0;
  return { items: scored.length, original: { pass_at_1: o }, perturbed: { pass_at_1: p }, drop: { absolute: o - p, relative: relative(o, p) }, p_value: mcnemar(scored).p };
}

function groupsBy(scored: readonly Scored[], keys: (s: Scored) => string[]): Record<string, Group> {
  const members = new Map<string, Scored[]>();
  for (const s of scored) for (const key of keys(s)) members.set(key, [...(members.get(key) ?? []), s]);
  return Object.fromEntries([...members.keys()].sort().map((key) => [key, group(members.get(key)!)]));
}

/** Similarity buckets a fifth wide: "0.4-0.6" holds 0.4 up to, not including, 0.6 (1.0 goes to the last). */
export function similarityBucket(similarity: number | null): string {
  if (similarity === null) return 'unknown';
  const b = Math.min(4, Math.max(0, Math.floor(similarity * 5)));
  return `${(b / 5).toFixed(1)}-${((b + 1) / 5).toFixed(1)}`;
}

function usage(results: readonly SampleResult[], model: string, prices: PriceTable): SideSummary['usage'] {
  const prompt = results.reduce((a, r) => a + r.usage.promptTokens, 0);
  const completion = results.reduce((a, r) => a + r.usage.completionTokens, 0);
  const price = prices[model];
  return { prompt_tokens: prompt, completion_tokens: completion, cost: price ? (prompt * price.input + completion * price.output) / 1e6 : null };
}

function firstReason(results: readonly SampleResult[]): string | null {
  return [...results].sort((a, b) => a.sample - b.sample).find((r) => !r.passed)?.reason ?? null;
}

/**
 * The report of an evaluation from its results, whatever order they were judged in: items in
 * input order, samples by number, the bootstrap seeded. The same results give the same bytes,
 * so a run killed and resumed reports what an uninterrupted one does.
 */
export function buildReport(
  items: readonly EvaluationItem[],
  results: readonly SampleResult[],
  skipped: readonly { item: string; reason: string }[],
  settings: EvaluationSettings,
  ks: readonly number[],
  seed: number,
  prices: PriceTable,
): EvaluationReport {
  const byItem = new Map<string, SampleResult[]>();
  for (const r of results) byItem.set(r.item, [...(byItem.get(r.item) ?? []), r]);
  const scored: Scored[] = [];
  const sideResults: Record<Side, SampleResult[]> = { original: [], perturbed: [] };
  const perItem: EvaluationReport['per_item'] = [];
  for (const item of items) {
    const mine = byItem.get(item.id);
    if (!mine) continue;
    const o = mine.filter((r) => r.side === 'original');
    const p = mine.filter((r) => r.side === 'perturbed');
    if (!o.length || !p.length) continue;
    sideResults.original.push(...o);
    sideResults.perturbed.push(...p);
    scored.push({ item, original: counts(o), perturbed: counts(p) });
    perItem.push({
      id: item.id,
      language: item.language,
      kind: item.kind,
      methods: item.methods,
      similarity: item.similarity,
      original: { n: o.length, passed: o.filter((r) => r.passed).length, reason: firstReason(o) },
      perturbed: { n: p.length, passed: p.filter((r) => r.passed).length, reason: firstReason(p) },
    });
  }
  const side = (s: Side): SideSummary => {
    const at1 = rate(scored, s, 1) ?? 0;
    const summary: SideSummary = {
      pass_at_1: at1,
      pass_at_k: Object.fromEntries(ks.map((k) => [String(k), rate(scored, s, k)])),
      pass_at_1_ci: pairedBootstrap(scored, (sample) => rate(sample, s, 1), BOOTSTRAP_ROUNDS, seed),
      pass_at_k_ci: Object.fromEntries(ks.map((k) => [String(k), rate(scored, s, k) === null ? null : pairedBootstrap(scored, (sample) => rate(sample, s, k), BOOTSTRAP_ROUNDS, seed)])),
      usage: usage(sideResults[s], settings.model, prices),
    };
    if (settings.task === 'completion') summary.edit_similarity = mean(scored.map((x) => x[s].editSimilarity).filter((v): v is number => v !== null));
    return summary;
  };
  const original = side('original');
  const perturbed = side('perturbed');
  const dropAt = (k: number): Drop | null => {
    const o = rate(scored, 'original', k);
    const p = rate(scored, 'perturbed', k);
    if (o === null || p === null) return null;
    const ci = pairedBootstrap(scored, (sample) => {
      const so = rate(sample, 'original', k);
      const sp = rate(sample, 'perturbed', k);
      return so === null || sp === null ? null : so - sp;
    }, BOOTSTRAP_ROUNDS, seed);
    return { absolute: o - p, relative: relative(o, p), ci };
  };
  const test = mcnemar(scored);
  const pairs = scored.filter((x) => x.item.kind === 'pair');
  let contamination: Contamination | null = null;
  if (pairs.length) {
    const o = rate(pairs, 'original', 1) ?? 0;
    const c = rate(pairs, 'perturbed', 1) ?? 0;
    const t = mcnemar(pairs);
    const ci = pairedBootstrap(pairs, (sample) => (rate(sample, 'original', 1) ?? 0) - (rate(sample, 'perturbed', 1) ?? 0), BOOTSTRAP_ROUNDS, seed);
    contamination = {
      pairs: pairs.length,
      contaminated: { pass_at_1: o },
      control: { pass_at_1: c },
      difference: { absolute: o - c, relative: relative(o, c), ci },
      p_value: t.p,
      significant: t.p < SIGNIFICANCE,
      outcomes: { both: t.both, contaminated_only: t.original_only, control_only: t.perturbed_only, neither: t.neither },
    };
  }
  return {
    task: settings.task,
    model: settings.model,
    n: settings.n,
    k: [...ks],
    temperature: settings.temperature,
    max_tokens: settings.maxTokens,
    cot: settings.cot,
    seed,
    items: scored.length,
    skipped: [...skipped],
    original,
    perturbed,
    drop: dropAt(1)!,
    drop_at_k: Object.fromEntries(ks.map((k) => [String(k), dropAt(k)])),
    p_value: test.p,
    significant: test.p < SIGNIFICANCE,
    pairs: { both: test.both, original_only: test.original_only, perturbed_only: test.perturbed_only, neither: test.neither },
    by_language: groupsBy(scored, (s) => [s.item.language]),
    by_method: groupsBy(scored, (s) => s.item.methods),
    by_similarity: groupsBy(scored, (s) => [similarityBucket(s.item.similarity)]),
    by_kind: groupsBy(scored, (s) => [s.item.kind]),
    contamination,
    dypass: dyPass(scored, ks),
    per_item: perItem,
  };
}

function pct(v: number | null | undefined): string {
  return v === null || v === undefined ? 'n/a' : `${(v * 100).toFixed(1)}%`;
}

function pValue(p: number): string {
  return p < 0.001 ? p.toExponential(2) : p.toFixed(3);
}

function groupTable(title: string, groups: Record<string, Group>): string[] {
  const rows = Object.entries(groups);
  if (!rows.length) return [];
  return [
    `## ${title}`,
    '',
    '| | items | original pass@1 | perturbed pass@1 | drop | p-value |',
    '|---|---:|---:|---:|---:|---:|',
    ...rows.map(([key, g]) => `| ${key} | ${g.items} | ${pct(g.original.pass_at_1)} | ${pct(g.perturbed.pass_at_1)} | ${pct(g.drop.absolute)} | ${pValue(g.p_value)} |`),
    '',
  ];
}

function contaminationLines(c: Contamination | null): string[] {
  if (!c) return [];
  const ci = c.difference.ci ? ` (95% CI ${pct(c.difference.ci.low)} to ${pct(c.difference.ci.high)})` : '';
  return [
    '## Contaminated vs control',
    '',
    '| | pairs | contaminated pass@1 | control pass@1 | difference | p-value |',
    '|---|---:|---:|---:|---:|---:|',
    `| pairs | ${c.pairs} | ${pct(c.contaminated.pass_at_1)} | ${pct(c.control.pass_at_1)} | ${pct(c.difference.absolute)} | ${pValue(c.p_value)} |`,
    '',
    `Difference: ${pct(c.difference.absolute)}${ci}; ${c.outcomes.contaminated_only} pairs pass only the contaminated side, ${c.outcomes.control_only} only the control: ` +
      `${c.significant ? 'a significant difference, a sign of memorisation' : 'no significant difference'} at ${SIGNIFICANCE}.`,
    '',
  ];
}

function dyPassLines(d: DyPass | null): string[] {
  if (!d) return [];
  const ks = Object.keys(d.dypass_at_k);
  const variants = d.variants.min === d.variants.max ? `${d.variants.min}` : `${d.variants.min} to ${d.variants.max}`;
  return [
    '## DyPass (rewritten variants)',
    '',
    `${d.problems} problems, ${variants} variants each, one answer per variant (its first sample).`,
    '',
    '| | original pass@k | DyPass@k |',
    '|---|---:|---:|',
    ...[...new Set([...Object.keys(d.original_pass_at_k), ...ks])]
      .sort((a, b) => Number(a) - Number(b))
      .map((k) => `| k = ${k} | ${k in d.original_pass_at_k ? pct(d.original_pass_at_k[k]) : 'n/a'} | ${k in d.dypass_at_k ? pct(d.dypass_at_k[k]) : 'n/a'} |`),
    '',
  ];
}

/** The report as a Markdown summary: the headline, the paired test, then the breakdowns. */
export function reportMarkdown(r: EvaluationReport, charts: readonly string[] = []): string {
  const ci = (i: Interval | null) => (i ? ` (95% CI ${pct(i.low)} to ${pct(i.high)})` : '');
  const lines = [
    `# ${r.model} on ${r.items} items: ${r.task}`,
    '',
    `n = ${r.n} sample${r.n === 1 ? '' : 's'} per side at temperature ${r.temperature}${r.cot ? ', chain of thought' : ''}.`,
    '',
    '| | original | perturbed | drop |',
    '|---|---:|---:|---:|',
    `| pass@1 | ${pct(r.original.pass_at_1)} | ${pct(r.perturbed.pass_at_1)} | ${pct(r.drop.absolute)}${r.drop.relative === null ? '' : ` (${pct(r.drop.relative)} relative)`} |`,
    ...r.k
      .filter((k) => k !== 1)
      .map((k) => `| pass@${k} | ${pct(r.original.pass_at_k[String(k)])} | ${pct(r.perturbed.pass_at_k[String(k)])} | ${pct(r.drop_at_k[String(k)]?.absolute)} |`),
    ...(r.original.edit_similarity !== undefined ? [`| edit similarity | ${pct(r.original.edit_similarity)} | ${pct(r.perturbed.edit_similarity)} | |`] : []),
    '',
    `Drop in pass@1: ${pct(r.drop.absolute)}${ci(r.drop.ci)}. Exact McNemar test on the first sample of each item: ` +
      `${r.pairs.original_only} pass only the original, ${r.pairs.perturbed_only} only the perturbed, p = ${pValue(r.p_value)}: ` +
      `${r.significant ? 'a significant drop' : 'no significant difference'} at ${SIGNIFICANCE}.`,
    '',
    `Tokens: original ${r.original.usage.prompt_tokens} in / ${r.original.usage.completion_tokens} out` +
      `${r.original.usage.cost === null ? '' : ` ($${r.original.usage.cost.toFixed(4)})`}, perturbed ${r.perturbed.usage.prompt_tokens} in / ${r.perturbed.usage.completion_tokens} out` +
      `${r.perturbed.usage.cost === null ? '' : ` ($${r.perturbed.usage.cost.toFixed(4)})`}.`,
    '',
    ...charts.map((c) => `![${c}](${c})\n`),
    ...groupTable('By language', r.by_language),
    ...groupTable('By perturbation method (items whose kept steps used it)', r.by_method),
    ...groupTable('By similarity to the original', r.by_similarity),
    ...contaminationLines(r.contamination),
    ...dyPassLines(r.dypass),
    ...(Object.keys(r.by_kind).length > 1 ? groupTable('By kind (a pair\'s perturbed side is its control)', r.by_kind) : []),
    ...(r.skipped.length ? ['## Skipped', '', ...r.skipped.map((s) => `- ${s.item}: ${s.reason}`), ''] : []),
  ];
  return `${lines.join('\n').replace(/\n+$/, '')}\n`;
}
