import fs = require('fs');
import os = require('os');
import path = require('path');
import { perturb } from '../engine';
import { stopsRun } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import { LANGUAGE_NAMES, LanguageId } from '../languages/languageIds';
import type { LlmSetup } from '../llm/llmEngine';
import { PromptLibrary } from '../llm/prompts';
import { addUsage, emptyUsage, sumUsage, UsageRecord } from '../llm/usage';
import { Rng } from '../random';
import { round4 } from '../round';
import { CATALOGUE, catalogueEntry, Category, CATEGORIES } from '../transforms/catalogue';
import type { ToolchainOverrides } from '../verify/toolchains';
import { parseDesign } from './designAnswer';
import { Sequence, sequenceSet, transformationSet, SetMeasures } from './measures';
import { asMethod, DesignedMethod, designedId, writeMethodFile } from './methodFile';

/** One conformance program: the file's text and the function a designed method is applied to. */
export interface CorpusProgram {
  file: string;
  function: string;
  text: string;
}

export interface DesignSettings {
  lang: LanguageId;
  /** Candidates the designer proposes (N). */
  candidates: number;
  /** Candidates kept, the best by reward (K). */
  keep: number;
  /** A candidate whose applications pass verification less often than this is dropped whatever its reward. */
  minCorrect: number;
  seed: number;
  programs: CorpusProgram[];
  /** The designer's and the applier's model, the voters and the prompts, as `perturb --engine llm` has them. */
  llm: LlmSetup;
  toolchains: ToolchainOverrides;
  timeoutMs: number;
  /**
   * k of the kept set's measures besides k = 1: every sequence of k kept methods is applied to
   * every program (about keep^k × programs more applications); 1 (the default) applies nothing more.
   */
  measureSteps?: number;
  /** Told of each candidate once it is validated. */
  onCandidate?: (c: CandidateResult) => void;
  signal?: AbortSignal;
}

/** One application of a candidate to one corpus program. */
export interface Application {
  program: string;
  /** Verified (syntax, compile, the program's own checks against the original's output) and voted equivalent. */
  correct: boolean;
  /** Correct and not the original text. */
  changed: boolean;
  /** 1 - overall similarity to the original unit; 0 when not correct. */
  drop: number;
  reason: string | null;
}

export interface CandidateResult {
  index: number;
  id: string | null;
  name: string | null;
  category: Category | null;
  description: string | null;
  preconditions: string | null;
  /** Why the designer's answer was unusable, or why the candidate was dropped; null when kept. */
  reason: string | null;
  kept: boolean;
  applications: Application[];
  scores: { correctShare: number; applicable: number; meanDrop: number; reward: number } | null;
  file?: string;
}

export interface DesignDocument {
  language: LanguageId;
  seed: number;
  model: string;
  candidates: CandidateResult[];
  kept: string[];
  /**
   * Auto-SPT's measures (definitions 3.1 and 3.2, k = 1) of the kept set and of every validated
   * candidate; with `measureSteps` k > 1, the kept set's k-step measures too.
   */
  measures: { kept: SetMeasures; validated: SetMeasures; keptSteps?: SetMeasures };
  usage: UsageRecord;
}

/** Programs shown to the designer per candidate: Auto-SPT shows five. */
const SHOWN_PROGRAMS = 5;

function designerMessages(lang: LanguageId, shown: CorpusProgram[], existing: string[]) {
  const name = LANGUAGE_NAMES[lang];
  const programs = shown.map((p, i) => `### Program ${i + 1}\n\`\`\`${lang}\n${p.text}\n\`\`\``).join('\n\n');
  return [
    { role: 'system' as const, content: `You are a ${name} programming language expert. Your goal is to design new semantic-preserving transformations of ${name} code.` },
    {
      role: 'user' as const,
      content:
        `I give you ${shown.length} ${name} programs; suggest one transformation that can be applied to all of them and keeps every program's behaviour exactly. ` +
        'Describe it exactly enough that it can be carried out from the description alone.\n\n' +
        `The transformation must be distinct from each of these:\n${existing.map((e) => `- ${e}`).join('\n')}\n\n` +
        `## Programs\n${programs}\n\n` +
        '## Answer\nOne JSON object and nothing else: {"name": "<name>", "description": "<how to transform>", "preconditions": "<where it applies>", ' +
        `"category": "<one of ${CATEGORIES.join(', ')}>", "example": {"before": "<a short ${name} function>", "after": "<it transformed>"}}`,
    },
  ];
}

/** Five programs drawn with the candidate's own seed, so candidate i sees the same ones in every run. */
function shownPrograms(programs: CorpusProgram[], seed: number, index: number): CorpusProgram[] {
  const rng = new Rng(seed * 1000 + index);
  const rest = [...programs];
  const out: CorpusProgram[] = [];
  while (out.length < SHOWN_PROGRAMS && rest.length) out.push(rest.splice(rng.int(rest.length), 1)[0]);
  return out;
}

/** The applier's setup with these designed methods' prompts (written to `scratch`) beside the built-in ones. */
function applierSetup(s: DesignSettings, methods: DesignedMethod[], scratch: string): LlmSetup {
  for (const m of methods) writeMethodFile(scratch, m);
  return { ...s.llm, prompts: new PromptLibrary(s.llm.prompts.builtinDir, s.llm.prompts.overrideDirs, [scratch]), designed: methods.map(asMethod) };
}

/** One application of a method to a program's text (its manifest function): one llm step, verified at the test level and voted on. */
async function applyOnce(loader: GrammarLoader, s: DesignSettings, llm: LlmSetup, m: DesignedMethod, program: CorpusProgram, text: string, usage: UsageRecord[]) {
  const doc = await perturb(loader, {
    lang: s.lang,
    text,
    filePath: program.file,
    selector: { functionName: program.function },
    search: { strategy: 'random', maxIter: 1, threshold: 0, temperature: 2, seed: s.seed, methods: new Set([m.id]), maxGrowth: null, maxJunk: null },
    verify: { level: 'test', toolchains: s.toolchains, timeoutMs: s.timeoutMs, project: false },
    mu: 0.5,
    engine: 'llm',
    llm,
    signal: s.signal,
  });
  if (doc.usage) usage.push(doc.usage);
  return { doc, step: doc.steps.find((st) => st.method === m.id) };
}

/**
 * Applies the candidate to every corpus program through the engine itself (one llm step, its
 * output verified and voted on like every other step), so the scores are what the search will see.
 */
async function validate(loader: GrammarLoader, s: DesignSettings, m: DesignedMethod, scratch: string, usage: UsageRecord[]): Promise<{ apps: Application[]; outputs: string[]; originals: string[] }> {
  const llm = applierSetup(s, [m], scratch);
  const apps: Application[] = [];
  const outputs: string[] = [];
  const originals: string[] = [];
  for (const program of s.programs) {
    try {
      const { doc, step } = await applyOnce(loader, s, llm, m, program, program.text, usage);
      const correct = !!step?.accepted;
      const drop = correct ? Math.max(0, 1 - doc.similarity.overall) : 0;
      apps.push({ program: path.basename(program.file), correct, changed: correct && doc.perturbed !== doc.original, drop, reason: correct ? null : (step?.reason ?? 'no step was made') });
      originals.push(doc.original);
      outputs.push(correct ? doc.perturbed : doc.original);
    } catch (e) {
      if (stopsRun(e)) throw e;
      apps.push({ program: path.basename(program.file), correct: false, changed: false, drop: 0, reason: (e as Error).message });
      originals.push('');
      outputs.push('');
    }
  }
  return { apps, outputs, originals };
}

/**
 * Every sequence of `steps` kept methods applied to every program, each step to the verified
 * output of the sequence before it (the text itself when a step is not kept), longer sequences
 * extending shorter ones so a prefix is applied once.
 */
async function composedSequences(loader: GrammarLoader, s: DesignSettings, kept: { m: DesignedMethod; outputs: string[] }[], steps: number, usage: UsageRecord[]): Promise<Sequence[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-design-k-'));
  try {
    const llm = applierSetup(s, kept.map((k) => k.m), scratch);
    let level: Sequence[] = kept.map((k, t) => ({ uses: [t], outputs: k.outputs }));
    for (let l = 2; l <= steps; l++) {
      const next: Sequence[] = [];
      for (const q of level) {
        for (let t = 0; t < kept.length; t++) {
          const outputs: string[] = [];
          for (let x = 0; x < s.programs.length; x++) {
            const before = q.outputs[x];
            if (!before) {
              outputs.push('');
              continue;
            }
            try {
              const { doc, step } = await applyOnce(loader, s, llm, kept[t].m, s.programs[x], before, usage);
              outputs.push(step?.accepted ? doc.perturbed : before);
            } catch (e) {
              if (stopsRun(e)) throw e;
              outputs.push(before);
            }
          }
          next.push({ uses: [...q.uses, t], outputs });
        }
      }
      level = next;
    }
    return level;
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * Auto-SPT's design loop (section 4.1-4.2): the LLM proposes N transformations, each distinct from
 * those before it; each, as a prompt, is applied to the corpus and scored by R(T) = mean of
 * correct × similarity drop; the best K that are correct often enough are written to `outDir`.
 */
export async function designMethods(loader: GrammarLoader, s: DesignSettings, outDir: string): Promise<DesignDocument> {
  const usage = emptyUsage();
  const usages: UsageRecord[] = [usage];
  const existing = CATALOGUE.map((c) => `${c.id}: ${c.description}`);
  const results: CandidateResult[] = [];
  const designed: { m: DesignedMethod; outputs: string[]; originals: string[]; result: CandidateResult }[] = [];
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-design-'));
  const { provider, maxTokens } = s.llm.perturber;
  try {
    for (let i = 0; i < s.candidates; i++) {
      const base: CandidateResult = { index: i, id: null, name: null, category: null, description: null, preconditions: null, reason: null, kept: false, applications: [], scores: null };
      let text: string;
      try {
        const response = await provider.complete({ messages: designerMessages(s.lang, shownPrograms(s.programs, s.seed, i), existing), temperature: 1, maxTokens, signal: s.signal });
        addUsage(usage, provider.model, response.usage, s.llm.prices);
        text = response.text;
      } catch (e) {
        if (stopsRun(e)) throw e;
        results.push({ ...base, reason: `the designer's call failed: ${(e as Error).message}` });
        continue;
      }
      const parsed = parseDesign(text);
      if (!parsed.ok) {
        results.push({ ...base, reason: `the designer's answer is unusable: ${parsed.reason}` });
        continue;
      }
      const id = designedId(parsed.design.name);
      const named = { ...base, id, name: parsed.design.name, category: parsed.design.category, description: parsed.design.description, preconditions: parsed.design.preconditions };
      if (catalogueEntry(id) || designed.some((d) => d.m.id === id)) {
        results.push({ ...named, reason: `${id} was designed already` });
        continue;
      }
      existing.push(`${parsed.design.name}: ${parsed.design.description}`);
      const m: DesignedMethod = { id, language: s.lang, ...parsed.design };
      const { apps, outputs, originals } = await validate(loader, s, m, scratch, usages);
      const n = apps.length || 1;
      const correct = apps.filter((a) => a.correct);
      const scores = {
        correctShare: round4(correct.length / n),
        applicable: apps.filter((a) => a.changed).length,
        meanDrop: round4(correct.length ? correct.reduce((t, a) => t + a.drop, 0) / correct.length : 0),
        reward: round4(apps.reduce((t, a) => t + a.drop, 0) / n),
      };
      const result: CandidateResult = { ...named, applications: apps, scores };
      results.push(result);
      designed.push({ m, outputs, originals, result });
      s.onCandidate?.(result);
    }
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }

  // best K by reward (ties by id, so the same answers keep the same methods); never one that does nothing correct
  const ranked = designed
    .filter((d) => {
      const sc = d.result.scores!;
      if (sc.reward <= 0) d.result.reason = 'no application was both correct and different from the original';
      else if (sc.correctShare < s.minCorrect) d.result.reason = `only ${Math.round(sc.correctShare * 100)}% of its applications passed verification (at least ${Math.round(s.minCorrect * 100)}% needed)`;
      return d.result.reason === null;
    })
    .sort((a, b) => b.result.scores!.reward - a.result.scores!.reward || a.m.id.localeCompare(b.m.id));
  const kept = ranked.slice(0, s.keep);
  for (const d of ranked.slice(s.keep)) d.result.reason = `not among the best ${s.keep} by reward`;
  for (const d of kept) {
    d.result.kept = true;
    const sc = d.result.scores!;
    d.result.file = writeMethodFile(outDir, { ...d.m, scores: { correct: sc.correctShare, meanDrop: sc.meanDrop, reward: sc.reward, programs: d.result.applications.length } });
  }
  const originals = designed[0]?.originals ?? [];
  const steps = s.measureSteps ?? 1;
  const keptSteps = steps > 1 && kept.length ? await sequenceSet(loader, s.lang, originals, kept.length, steps, await composedSequences(loader, s, kept, steps, usages)) : undefined;
  return {
    language: s.lang,
    seed: s.seed,
    model: provider.model,
    candidates: results,
    kept: kept.map((d) => d.m.id),
    measures: {
      kept: await transformationSet(loader, s.lang, originals, kept.map((d) => d.outputs)),
      validated: await transformationSet(loader, s.lang, originals, designed.map((d) => d.outputs)),
      ...(keptSteps ? { keptSteps } : {}),
    },
    usage: sumUsage(usages),
  };
}
