import type { EngineRequest } from '../engine';
import type { GrammarLoader } from '../languages/grammarLoader';
import { selectUnit } from '../unit';
import { OriginalCheckError, Verifier, VerifyLevel } from '../verify/verifier';

/**
 * The filters the papers applied before perturbing (`dataset --min-lines N --max-lines N
 * --require compile|test`): a record outside them is left out of the output, and counted.
 */
export interface RecordFilters {
  minLines?: number;
  maxLines?: number;
  /** Keep only records whose original compiles, or passes its own tests. */
  require?: 'compile' | 'test';
}

export type LeftOutReason = 'min-lines' | 'max-lines' | 'require-compile' | 'require-test';

/** The key of the line a left-out record becomes: the writer counts it and writes nothing. */
export const LEFT_OUT = 'codemorph_left_out';

export function leftOutLine(reason: LeftOutReason): string {
  return JSON.stringify({ [LEFT_OUT]: reason });
}

/** Why an output line is a left-out record's, or null for a line to write. */
export function leftOutReason(line: string): LeftOutReason | null {
  if (!line.startsWith(`{"${LEFT_OUT}"`)) return null;
  return (JSON.parse(line) as Record<string, LeftOutReason>)[LEFT_OUT];
}

export function linesFilter(lines: number, filters: RecordFilters | undefined): LeftOutReason | null {
  if (filters?.minLines !== undefined && lines < filters.minLines) return 'min-lines';
  if (filters?.maxLines !== undefined && lines > filters.maxLines) return 'max-lines';
  return null;
}

const RANK: Record<VerifyLevel, number> = { syntax: 0, compile: 1, test: 2 };

/** Whether a failure of the original leaves the record out under --require (else it is the record's error). */
export function requiredFailure(e: unknown, filters: RecordFilters | undefined): LeftOutReason | null {
  if (!filters?.require || !(e instanceof OriginalCheckError)) return null;
  return RANK[e.level] <= RANK[filters.require] ? `require-${filters.require}` : null;
}

/** Whether the run's verification already checks the original as far as --require asks. */
export function coveredByVerification(filters: RecordFilters | undefined, level: VerifyLevel): boolean {
  return !filters?.require || RANK[filters.require] <= RANK[level];
}

/**
 * --require above the run's verification level (--require test with --verify compile): the
 * original alone is checked at the required level first, as verification would check it.
 */
export async function requireOriginal(loader: GrammarLoader, req: EngineRequest, filters: RecordFilters): Promise<LeftOutReason | null> {
  const level = filters.require!;
  const tree = await loader.parse(req.lang, req.text);
  const verifier = new Verifier(req.lang, { ...req.verify, level, signal: req.signal }, req.text);
  try {
    await verifier.prepare(selectUnit(req.lang, tree, req.text, req.selector), tree);
    return level === 'test' && verifier.record.untested ? 'require-test' : null;
  } catch (e) {
    const reason = requiredFailure(e, filters);
    if (reason) return reason;
    throw e;
  } finally {
    tree.delete();
    verifier.dispose();
  }
}
