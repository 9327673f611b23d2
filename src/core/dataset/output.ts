import fs = require('fs');
import { inputError } from '../errors';
import { redactSecrets } from '../redact';
import { writeFileAtomic } from '../files';
import { fileProblem, readUserText } from '../userFiles';

/**
 * Errors that are not the record's own fault, so `dataset --resume` redoes the record instead of
 * keeping its line: a worker process that died under it, an internal error (a bug, perhaps fixed
 * since), a cancelled record, a missing toolchain (perhaps installed since), and an LLM endpoint
 * that could not be reached, did not answer in time, was rate limited or failed with a 5xx, also
 * where it left a record with nothing perturbed. Kept: everything about the record's own code (it
 * does not parse, compile or pass its tests, nothing could perturb it, its program timed out).
 */
const REDONE_ON_RESUME: readonly RegExp[] = [
  /the worker process died \(/,
  /^(line \d+: )?internal error: /,
  /^(line \d+: )?cancelled$/,
  /\bwas not found, so (\w+ code|the project) cannot be /,
  /\bcannot reach \S+: check the base URL/,
  /\btimed out after [\d.]+ s: raise the LLM timeout\b/,
  /\bis rate limited \(429\)/,
  /\banswered 5\d\d\b/,
];

export function redoneOnResume(error: unknown): boolean {
  return typeof error === 'string' && REDONE_ON_RESUME.some((re) => re.test(error));
}

/** An output line's record and its key (see recordKey). */
interface OutputLine {
  text: string;
  key: string;
  redo: boolean;
}

/** The complete lines of an output file; a last line without its newline (a killed run's) is cut off the file. */
function outputLines(file: string, idField: string): OutputLine[] {
  let text = readUserText(file, `--out ${file}`);
  const lastNewline = text.lastIndexOf('\n');
  if (lastNewline !== text.length - 1) {
    fs.truncateSync(file, Buffer.byteLength(text.slice(0, lastNewline + 1)));
    text = text.slice(0, lastNewline + 1);
  }
  const out: OutputLine[] = [];
  text.split('\n').forEach((line, i) => {
    if (!line) return;
    let rec: unknown;
    try {
      rec = JSON.parse(line);
    } catch {
      rec = undefined;
    }
    if (typeof rec !== 'object' || rec === null || Array.isArray(rec)) {
      throw inputError(`${file} line ${i + 1} is not a JSON record: it is not an output of codemorph dataset; remove that line or choose another --out`);
    }
    const r = rec as Record<string, unknown>;
    const id = r[idField];
    const key = id === null || id === undefined ? `line:${String(r.line)}` : `task:${String(id)}`;
    out.push({ text: line, key, redo: redoneOnResume(r.error) });
  });
  return out;
}

/** What --resume finds in an output file. */
export interface DoneRecords {
  /** The keys (see recordKey) of the records done, as counts (an input may repeat a task id). */
  done: Map<string, number>;
  /** Lines whose error was not the record's fault (redoneOnResume): their records are done again. */
  redo: number;
}

/**
 * The records already in an output file. A last line without its newline is what a killed run
 * was writing: it is cut off so the run can continue from the last complete record.
 */
/** `idField`: the records' id (CRUXEval's is `id`), as jobKey reads it from the input. */
export function doneRecords(file: string, idField = 'task_id'): DoneRecords {
  const done = new Map<string, number>();
  let redo = 0;
  if (!fs.existsSync(file)) return { done, redo };
  for (const line of outputLines(file, idField)) {
    if (line.redo) redo++;
    else done.set(line.key, (done.get(line.key) ?? 0) + 1);
  }
  return { done, redo };
}

/**
 * After a resumed run that redid records, puts the output back in input order (`keys`, the run's
 * records in order), each redone record's new line in place of the old one. Lines of records
 * this run does not know (another shard's) are kept, after the others. Written atomically: a
 * crash leaves the appended file, which a further --resume reads the same way.
 */
export function settleRedone(file: string, keys: readonly string[], idField = 'task_id'): void {
  const byKey = new Map<string, { kept: string[]; redo: string[] }>();
  for (const line of outputLines(file, idField)) {
    const lines = byKey.get(line.key) ?? { kept: [], redo: [] };
    (line.redo ? lines.redo : lines.kept).push(line.text);
    byKey.set(line.key, lines);
  }
  const out: string[] = [];
  const known = new Set(keys);
  for (const key of keys) {
    const lines = byKey.get(key);
    // a line redone since is the one to keep; else the latest attempt, which is still an error
    const line = lines?.kept.shift() ?? lines?.redo.pop();
    if (line !== undefined) out.push(line);
  }
  for (const [key, lines] of byKey) {
    out.push(...lines.kept);
    if (!known.has(key)) out.push(...lines.redo);
  }
  writeFileAtomic(file, out.length ? `${out.join('\n')}\n` : '');
}

/**
 * Appends records one line at a time: each line is one write followed by fsync, so a killed run
 * loses at most the records in flight and never leaves half of one behind (short of a torn write,
 * which doneRecords cuts off).
 */
export class RecordWriter {
  private readonly fd: number;

  constructor(file: string) {
    try {
      this.fd = fs.openSync(file, 'a');
    } catch (e) {
      throw fileProblem(e, `--out ${file}`, true) ?? e;
    }
  }

  append(line: string): void {
    fs.writeSync(this.fd, `${redactSecrets(line)}\n`);
    fs.fsyncSync(this.fd);
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
