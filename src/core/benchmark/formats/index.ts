import { humanEvalXLanguage } from '../harness';
import { cruxEval } from './cruxeval';
import { BenchmarkRecord, FORMAT_IDS, FormatId } from './fields';
import { humanEval } from './humaneval';
import { humanEvalX } from './humanevalX';
import { liveCodeBench } from './livecodebench';
import { mbpp } from './mbpp';
import type { BenchmarkFormat } from './problem';
import type { VerifyLevel } from '../../verify/verifier';

export { FORMAT_IDS, isFormatId } from './fields';
export type { BenchmarkRecord, FormatId } from './fields';
export type { BenchmarkFormat, Problem } from './problem';

/** The published formats, each read and written by its own module; `codemorph` is the dataset command's own. */
export const PUBLISHED: Record<Exclude<FormatId, 'codemorph'>, BenchmarkFormat> = {
  humaneval: humanEval,
  'humaneval-x': humanEvalX,
  mbpp,
  cruxeval: cruxEval,
  livecodebench: liveCodeBench,
};

const CODEMORPH_FIELDS = ['task_id', 'code'] as const;

/** The formats whose required fields a record has, the most specific first (MBPP over CodeMorph's own). */
function candidates(rec: BenchmarkRecord): FormatId[] {
  const has = (field: string) => rec[field] !== undefined && rec[field] !== null;
  const found: FormatId[] = (Object.values(PUBLISHED) as BenchmarkFormat[]).filter((f) => f.required.every(has)).map((f) => f.id);
  if (found.includes('humaneval') && found.includes('humaneval-x')) {
    // HumanEvalPack-style records carry both entry_point and declaration: the task id says which harness
    found.splice(found.indexOf(humanEvalXLanguage(rec.task_id) ? 'humaneval' : 'humaneval-x'), 1);
  }
  // LiveCodeBench's execution records carry CRUXEval's fields too (its id, code, input, output)
  if (found.includes('livecodebench') && found.includes('cruxeval')) found.splice(found.indexOf('cruxeval'), 1);
  if (found.length === 0 && CODEMORPH_FIELDS.every(has)) found.push('codemorph');
  return found;
}

/** LiveCodeBench's test output prediction records hold a problem statement and a stub, no code to perturb. */
function isTestOutputPrediction(rec: BenchmarkRecord): boolean {
  return rec.code === undefined && ['question_content', 'starter_code', 'function_name', 'test'].every((f) => rec[f] !== undefined);
}

/**
 * What a file's records fit: its format; or why it cannot be told (`reason`), the formats to
 * choose among (`formats`, none when the file holds no record) and `error`, the reason with the
 * CLI's advice (which --format to pass).
 */
export type Detection = { format: FormatId } | { error: string; reason: string; formats: FormatId[] };

/**
 * The verification level a format's records get unless the user chose one: a published record
 * carries its tests, so it is verified by them; CodeMorph's own records get the caller's default.
 */
export function defaultVerification(format: FormatId, ownDefault: VerifyLevel): VerifyLevel {
  return format === 'codemorph' ? ownDefault : 'test';
}

/**
 * The format of a file from its first records' fields; when they fit none, or more than one, the
 * message says which fields were seen and which --format to pass.
 */
export function detectFormat(records: readonly { line: number; rec: BenchmarkRecord }[], file: string): Detection {
  const refused = (reason: string, formats: FormatId[], advice: string) => ({ reason, formats, error: `${reason}: ${advice}` });
  if (records.length === 0) return refused(`${file} holds no JSON records`, [], 'give a JSON Lines file, one record per line');
  const seen = new Map<FormatId, number>();
  for (const { line, rec } of records) {
    const found = candidates(rec);
    const fields = Object.keys(rec).join(', ');
    if (found.length === 0 && isTestOutputPrediction(rec)) {
      const reason = `${file} line ${line} is a LiveCodeBench test output prediction record (${fields}): it holds no code to perturb`;
      return { reason, formats: [], error: `${reason}; give LiveCodeBench's code execution records (question_id, id, function_name, code, input, output)` };
    }
    if (found.length === 0) {
      return refused(`cannot tell the format of ${file} from the fields of line ${line} (${fields})`, [...FORMAT_IDS], `pass --format ${FORMAT_IDS.join('|')}`);
    }
    if (found.length > 1) {
      return refused(`the fields of ${file} line ${line} (${fields}) fit ${found.join(' and ')}`, found, `pass --format ${found.join(' or --format ')}`);
    }
    if (!seen.has(found[0])) seen.set(found[0], line);
  }
  if (seen.size > 1) {
    const which = [...seen].map(([format, line]) => `line ${line} looks like ${format}`).join(', ');
    return refused(`${file} mixes formats (${which})`, [...seen.keys()], `pass --format ${[...seen.keys()].join(' or --format ')}`);
  }
  return { format: [...seen.keys()][0] };
}
