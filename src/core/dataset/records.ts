import fs = require('fs');
import { inputError } from '../errors';
import { zlib } from '../lazyBuiltins';
import { firstInvalidUtf8 } from '../text/encoding';
import { fileProblem } from '../userFiles';

/** One input record of `codemorph dataset`: CodeMorph's input fields plus an optional test; other fields are kept. */
export interface InputRecord {
  task_id: string | number;
  code: string;
  language?: string;
  entry_point?: string;
  test?: string;
  [field: string]: unknown;
}

/** A non-blank input line, numbered: `index` counts records (for --shard), `line` is the 1-based line in the file. */
export interface Job {
  index: number;
  line: number;
  raw: string;
  /** Why the line is no record before it is parsed (bytes that are not UTF-8); `raw` is then empty. */
  unreadable?: string;
}

/** A gzip stream starts with these two bytes (`.jsonl.gz`, as HumanEval and HumanEval-X are published). */
function gzipped(bytes: Buffer): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/** The bytes of a JSON Lines file, gunzipped when it is gzip (whatever its name). */
export function readJsonLineBytes(file: string): Buffer {
  const bytes = fs.readFileSync(file);
  if (!gzipped(bytes)) return bytes;
  try {
    return zlib().gunzipSync(bytes);
  } catch (e) {
    throw inputError(`${file} is not a complete gzip file (${(e as Error).message}): download it again, or give the .jsonl`);
  }
}

/** The text of a JSON Lines file CodeMorph wrote (UTF-8), gunzipped when it is gzip. */
export function readJsonLines(file: string): string {
  return readJsonLineBytes(file).toString('utf8');
}

/** Why a line's bytes are not UTF-8 (JSON text is UTF-8, RFC 8259), or null: a record is never read with U+FFFD in place of a byte. */
export function notUtf8Line(bytes: Buffer): string | null {
  const bad = firstInvalidUtf8(bytes);
  if (bad < 0) return null;
  const byte = `0x${bytes[bad].toString(16).toUpperCase().padStart(2, '0')}`;
  return `byte ${bad + 1} (${byte}) is not UTF-8, which JSON Lines must be: convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8)`;
}

/** The lines of JSON Lines bytes (split at LF, a CR before it dropped), each with its 1-based number and its text, or why its bytes are not UTF-8. */
export function jsonLines(bytes: Buffer): { line: number; text: string; notUtf8: string | null }[] {
  const out: { line: number; text: string; notUtf8: string | null }[] = [];
  let line = 0;
  for (let start = 0; start <= bytes.length; ) {
    let end = bytes.indexOf(0x0a, start);
    if (end < 0) end = bytes.length;
    const piece = bytes.subarray(start, end);
    line++;
    start = end + 1;
    const why = notUtf8Line(piece);
    out.push({ line, text: why ? '' : piece.toString('utf8').replace(/\r$/, ''), notUtf8: why });
  }
  return out;
}

/** Reads the input's non-blank lines; each is one record, parsed later (a corrupt line fails alone). */
export function readJobs(file: string): Job[] {
  let bytes: Buffer;
  try {
    bytes = readJsonLineBytes(file);
  } catch (e) {
    throw fileProblem(e, file) ?? e;
  }
  const jobs: Job[] = [];
  for (const { line, text, notUtf8: why } of jsonLines(bytes)) {
    if (why) jobs.push({ index: jobs.length, line, raw: '', unreadable: `line ${line}: ${why}` });
    else if (text.trim() !== '') jobs.push({ index: jobs.length, line, raw: text });
  }
  return jobs;
}

/** The record on a line, or why it is not one (the message names the line). */
export function parseRecord(job: Job): InputRecord | string {
  if (job.unreadable) return job.unreadable;
  let value: unknown;
  try {
    value = JSON.parse(job.raw);
  } catch (e) {
    return `line ${job.line}: not valid JSON (${(e as Error).message}): each line must be one JSON object`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return `line ${job.line}: not a JSON object: each line must be {"task_id": ..., "code": ...}`;
  const rec = value as Record<string, unknown>;
  if (typeof rec.task_id !== 'string' && typeof rec.task_id !== 'number') return `line ${job.line}: no task_id (a string or a number)`;
  if (typeof rec.code !== 'string' || rec.code.trim() === '') return `line ${job.line}: task ${rec.task_id} has no code (a non-empty string)`;
  for (const field of ['language', 'entry_point', 'test'] as const) {
    if (rec[field] !== undefined && rec[field] !== null && typeof rec[field] !== 'string') return `line ${job.line}: task ${rec.task_id}: ${field} must be a string`;
  }
  return rec as InputRecord;
}

/** What --resume matches done records by: the task id, or the line for a line that was not a record. */
export function recordKey(job: Job, rec: InputRecord | string): string {
  return typeof rec === 'string' ? `line:${job.line}` : `task:${String(rec.task_id)}`;
}

/** recordKey for any format: the record's id field (CRUXEval's is `id`), else its line. */
export function jobKey(job: Job, idField: string): string {
  let value: unknown;
  try {
    value = JSON.parse(job.raw);
  } catch {
    return `line:${job.line}`;
  }
  const id = typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[idField] : undefined;
  return typeof id === 'string' || typeof id === 'number' ? `task:${String(id)}` : `line:${job.line}`;
}

/** `--shard K/N`: the records whose index mod N is K. */
export interface Shard {
  k: number;
  n: number;
}

export function parseShard(text: string): Shard | string {
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  if (!m) return `--shard takes K/N (e.g. 0/4: the first of four shards), not "${text}"`;
  const k = Number(m[1]);
  const n = Number(m[2]);
  if (n < 1 || k >= n) return `--shard ${text}: K must be from 0 to N-1 and N at least 1`;
  return { k, n };
}

export function inShard(job: Job, shard: Shard | undefined): boolean {
  return !shard || job.index % shard.n === shard.k;
}
