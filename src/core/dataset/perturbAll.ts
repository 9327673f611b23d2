import fs = require('fs');
import path = require('path');
import { appendEntry, BenchmarkEntry, entryFromDocument, readEntries } from '../benchmark/entries';
import { EngineRequest, perturb, PerturbationDocument } from '../engine';
import { MAX_FILE_CHARS } from '../session';
import { isCodemorphError, stopsRun } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import { languageFromPath, LanguageId } from '../languages/languageIds';
import { outlineFunctions } from '../languages/outline';
import { profileOf } from '../languages/profiles';
import { decodeSource, FileEncoding, hasBom } from '../text/encoding';
import { projectFiles } from '../workspace/projectFiles';
import { recordSeed, stable } from './common';
import { outermost } from '../text/outermost';

/** A file of a batch, with the language its name says. */
export interface SourceFile {
  path: string;
  /** '/'-separated, relative to the batch's base folder: how entries and messages name it. */
  rel: string;
  lang: LanguageId;
}

/** A file the batch leaves out, and why in a few words ("no supported language (.md)"). */
export interface SkippedFile {
  rel: string;
  reason: string;
}

/** One function of a batch: every top-level or class-level function of each file (nested ones go with the function holding them). */
export interface FunctionJob {
  file: SourceFile;
  name: string;
  /** `Class.name` for methods. */
  qualifiedName: string;
  /** 1-based line of the definition. */
  line: number;
  /** Offset of the definition in the file's text as read. */
  start: number;
}

export interface BatchPlan {
  jobs: FunctionJob[];
  skipped: SkippedFile[];
  /** Each file's text and encoding as read when the plan was made: every function of a file is perturbed in the same text. */
  texts: Map<string, { text: string; encoding: FileEncoding }>;
}

function relative(base: string, file: string): string {
  const rel = path.relative(base, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/**
 * The files under `roots` (files or folders), in path order. Folders are walked as a project is
 * (verify/project.ts: version control, dependencies and build output are left out); files whose
 * name says no supported language are skipped with that reason.
 */
export function sourceFilesUnder(base: string, roots: readonly string[]): { files: SourceFile[]; skipped: SkippedFile[] } {
  const all: string[] = [];
  for (const root of roots) {
    if (fs.statSync(root).isDirectory()) all.push(...projectFiles(root).map((rel) => path.join(root, rel)));
    else all.push(root);
  }
  const files: SourceFile[] = [];
  const skipped: SkippedFile[] = [];
  for (const file of [...new Set(all)].sort()) {
    const rel = relative(base, file);
    const lang = languageFromPath(file);
    if (lang) files.push({ path: file, rel, lang });
    else skipped.push({ rel, reason: `no supported language (${path.extname(file) || 'no extension'})` });
  }
  return { files, skipped };
}

/**
 * Every function of the files, in file then source order. `textOf` gives a file's text when the
 * caller holds a newer one than the disk (an editor's unsaved buffer). Files that cannot be read,
 * are too large or define no function are skipped, saying which.
 */
/**
 * How the editor sees a file: an open document's text and encoding (`text`), else the encoding
 * VS Code reads it in from disk (`encoding`, an editor setting's name), else nothing (CLI).
 */
export interface EditorView {
  text?: { text: string; encoding: FileEncoding };
  encoding?: FileEncoding;
}

export async function planBatch(loader: GrammarLoader, files: readonly SourceFile[], viewOf: (file: string) => EditorView = () => ({})): Promise<BatchPlan> {
  const jobs: FunctionJob[] = [];
  const skipped: SkippedFile[] = [];
  const texts = new Map<string, { text: string; encoding: FileEncoding }>();
  for (const file of files) {
    let read: { text: string; encoding: FileEncoding };
    const view = viewOf(file.path);
    if (view.text !== undefined) read = view.text;
    else {
      const bytes = fs.readFileSync(file.path);
      // a byte order mark wins over the editor's setting, as it does when VS Code opens the file
      const setting = view.encoding && view.encoding.name !== 'utf-8' && !hasBom(bytes) ? { encoding: view.encoding.name } : {};
      const decoded = decodeSource(bytes, { declared: profileOf(file.lang).codingDeclaration, ...setting });
      if ('problem' in decoded) {
        skipped.push({ rel: file.rel, reason: `not readable as text (${decoded.problem})` });
        continue;
      }
      read = decoded;
    }
    if (read.text.length > MAX_FILE_CHARS) {
      skipped.push({ rel: file.rel, reason: 'too large' });
      continue;
    }
    const functions = await outlineFunctions(loader, file.lang, read.text);
    // a nested function is perturbed with the function that holds it
    const outer = outermost(functions, (f) => f);
    if (outer.length === 0) {
      skipped.push({ rel: file.rel, reason: 'no function' });
      continue;
    }
    texts.set(file.path, read);
    for (const fn of outer) jobs.push({ file, name: fn.name, qualifiedName: fn.qualifiedName, line: fn.line, start: fn.start });
  }
  return { jobs, skipped, texts };
}

/** "3 files skipped: 2 no supported language (.md, .txt), 1 no function". */
export function skippedText(skipped: readonly SkippedFile[]): string {
  if (skipped.length === 0) return '';
  const byReason = new Map<string, number>();
  for (const s of skipped) byReason.set(s.reason, (byReason.get(s.reason) ?? 0) + 1);
  // the languages' reasons are merged into one, listing the extensions
  const extensions = [...byReason.keys()].filter((r) => r.startsWith('no supported language (')).map((r) => r.slice('no supported language ('.length, -1));
  const parts: string[] = [];
  if (extensions.length) {
    const n = skipped.filter((s) => s.reason.startsWith('no supported language (')).length;
    parts.push(`${n} in no supported language (${extensions.sort().join(', ')})`);
  }
  for (const [reason, n] of byReason) if (!reason.startsWith('no supported language (')) parts.push(`${n} ${reason}`);
  return `${skipped.length} file${skipped.length === 1 ? '' : 's'} skipped: ${parts.join(', ')}`;
}

/** What a batch does with every function: the run's request (per file: settings differ by language), where entries go, how to report. */
export interface BatchOptions {
  /** The engine request of a file, without its text, unit and path (the seed is the run's: each function gets its own from it). */
  requestFor(file: SourceFile): Omit<EngineRequest, 'lang' | 'text' | 'selector' | 'filePath' | 'signal'>;
  /** The entries file (JSONL) every perturbed function is appended to, atomically, as it finishes. */
  entriesFile: string;
  tool: string;
  /** Asked before each function: true ends the batch there (a cancel stops after the function that runs). */
  stopped(): boolean;
  onStart?(job: FunctionJob, index: number): void;
  onDone?(job: FunctionJob, outcome: FunctionOutcome): void;
}

export type FunctionOutcome =
  | { kind: 'saved'; entry: BenchmarkEntry; doc: PerturbationDocument }
  | { kind: 'already saved'; entry: BenchmarkEntry; doc: PerturbationDocument }
  | { kind: 'not perturbed'; reason: string };

export interface BatchResult {
  /** Entries written by this batch, in order. */
  saved: BenchmarkEntry[];
  /** Results equal to an entry already in the file (same id): not written twice. */
  alreadySaved: BenchmarkEntry[];
  /** Functions that could not be perturbed, with why. */
  failed: { job: FunctionJob; reason: string }[];
  /** How many functions ran before the batch ended. */
  done: number;
  total: number;
  stopped: boolean;
}

/**
 * Perturbs every function of a plan, one after the other, each as the CLI's `perturb --function`
 * would, with a seed of its own from the run's seed and the function's file and name (the same
 * batch gives the same entries, whatever runs before it). Each result is appended to the entries
 * file when it is ready, so a batch that stops or crashes keeps what it finished. A function that
 * fails (its original does not compile, nothing could be kept) is reported and the batch goes on;
 * what stops every function alike (a refused key, a dead endpoint) ends it.
 */
export async function perturbAll(loader: GrammarLoader, plan: BatchPlan, options: BatchOptions): Promise<BatchResult> {
  const result: BatchResult = { saved: [], alreadySaved: [], failed: [], done: 0, total: plan.jobs.length, stopped: false };
  const known = new Set(fs.existsSync(options.entriesFile) ? readEntries(options.entriesFile).entries.map((e) => e.id) : []);
  for (const [index, job] of plan.jobs.entries()) {
    if (options.stopped()) {
      result.stopped = true;
      break;
    }
    options.onStart?.(job, index);
    const outcome = await perturbOne(loader, plan, job, options, known);
    if (outcome.kind === 'saved') result.saved.push(outcome.entry);
    else if (outcome.kind === 'already saved') result.alreadySaved.push(outcome.entry);
    else result.failed.push({ job, reason: outcome.reason });
    result.done++;
    options.onDone?.(job, outcome);
  }
  return result;
}

async function perturbOne(loader: GrammarLoader, plan: BatchPlan, job: FunctionJob, options: BatchOptions, known: Set<string>): Promise<FunctionOutcome> {
  const template = options.requestFor(job.file);
  const { text, encoding } = plan.texts.get(job.file.path)!;
  let doc: PerturbationDocument;
  try {
    doc = await perturb(loader, {
      ...template,
      lang: job.file.lang,
      text,
      encoding,
      filePath: job.file.path,
      // by position, not name: overloads and same-named methods of two classes stay apart
      selector: { offset: job.start + 1 },
      search: { ...template.search, seed: recordSeed(template.search.seed, `${job.file.rel}:${job.qualifiedName}`) },
    });
  } catch (e) {
    if (stopsRun(e) || !isCodemorphError(e)) throw e;
    return { kind: 'not perturbed', reason: stable(e.message)! };
  }
  if (!doc.steps.some((s) => s.accepted)) {
    const last = [...doc.steps].reverse().find((s) => s.reason);
    return { kind: 'not perturbed', reason: `nothing could be perturbed${last ? `: ${stable(last.reason)}` : ''}` };
  }
  const entry = entryFromDocument(doc, job.file.rel, options.tool);
  if (known.has(entry.id)) return { kind: 'already saved', entry, doc };
  appendEntry(options.entriesFile, entry);
  known.add(entry.id);
  return { kind: 'saved', entry, doc };
}
