import fs = require('fs');
import path = require('path');
import { isCodemorphError } from '../errors';
import type { GrammarLoader } from '../languages/grammarLoader';
import { profileOf } from '../languages/profiles';
import { SourceForm } from '../sourceForm';
import { decodeAny, decodeSource, FileEncoding } from '../text/encoding';
import type { Rename } from '../transforms/method';
import type { UnitState } from '../unit';
import { renameInText, Verdict, Verifier, VerifyOptions } from '../verify/verifier';
import { ProjectState, Workspace } from '../workspace/workspace';
import type { BenchmarkEntry } from './entries';

export interface ReverifyResult {
  /** What the check ran on: the entry's source file with the unit in place, or the unit alone. */
  context: 'file' | 'unit';
  file: string | null;
  /** null when the original itself could not be checked (then `reason` says why). */
  verdict: Verdict | null;
  ok: boolean;
  reason: string | null;
  output: string;
}

function state(text: string, unit: string, entryPoint: string | null, project?: ProjectState): UnitState {
  const start = text.indexOf(unit);
  return { text, unit: { start, end: start + unit.length }, unitKind: 'function', entryPoint, ...(project ? { project } : {}) };
}

/** The file with one unit in place of another, its other references to a renamed function following the rename. */
function withUnit(text: string, from: string, to: string, renames: readonly Rename[]): string {
  const at = text.indexOf(from);
  return renameInText(text.slice(0, at), renames) + to + renameInText(text.slice(at + from.length), renames);
}

function reversed(renames: readonly Rename[]): Rename[] {
  return renames.map(({ from, to }) => ({ from: to, to: from }));
}

const wordIn = (text: string, word: string) => new RegExp(`(?<![\\w$])${word.replace(/[$]/g, '\\$')}(?![\\w$])`).test(text);

/**
 * The project's other files as each side of the check needs them: an entry keeps only its unit,
 * so the references a run updated in other files are redone by name, as the source file's own
 * callers are (the original calls the old name, the perturbation the new one), whichever of the
 * two the files on disk hold now.
 */
function projectStates(
  root: string,
  sourcePath: string,
  lang: BenchmarkEntry['language'],
  renames: readonly Rename[],
): { original: ProjectState; perturbed: ProjectState } {
  const workspace = Workspace.forFile(root, sourcePath, lang);
  const original: Record<string, string> = {};
  const perturbed: Record<string, string> = {};
  if (renames.length) {
    for (const rel of workspace.otherSources) {
      const text = workspace.original(rel);
      if (renames.some((r) => wordIn(text, r.to))) original[rel] = renameInText(text, reversed(renames));
      if (renames.some((r) => wordIn(text, r.from))) perturbed[rel] = renameInText(text, renames);
    }
  }
  return { original: { workspace, files: original }, perturbed: { workspace, files: perturbed } };
}

/** The source file's text and encoding, or the one line saying why its bytes are not text in the encoding named. */
function readSource(file: string, lang: BenchmarkEntry['language'], encoding: string | undefined): { text: string; encoding: FileEncoding } | { problem: string } {
  const bytes = fs.readFileSync(file);
  // a file nobody named an encoding for is read as the project's other files are: never a byte substituted
  const declared = profileOf(lang).codingDeclaration;
  if (encoding === undefined) return decodeAny(bytes, declared);
  const decoded = decodeSource(bytes, { encoding, declared });
  if ('text' in decoded) return decoded;
  const where = decoded.at ? `line ${decoded.at.line} has byte 0x${decoded.at.byte.toString(16).toUpperCase().padStart(2, '0')}, which is not ${decoded.problem}` : decoded.problem;
  return { problem: `${path.basename(file)}: ${where}: reopen the file with its encoding, or convert it to UTF-8` };
}

/**
 * Runs verification again on a saved entry's perturbed code (the editor's "Re-verify"). Where the
 * entry's source file still holds the original or the perturbed unit, both are checked in that
 * file, so imports and callers are there; otherwise the units are checked on their own. The
 * original is checked first, as in a run: a level it fails says nothing about the perturbation.
 *
 * A source file inside a project is checked in the project, built and tested whole, as the run
 * that made the entry was (the same `codemorph.projectVerification` / `--no-project` choice):
 * `options.project` false checks the file alone, a folder names the project.
 */
export async function reverifyEntry(
  loader: GrammarLoader,
  entry: BenchmarkEntry,
  root: string,
  options: Omit<VerifyOptions, 'filePath' | 'form'> & { encoding?: string },
): Promise<ReverifyResult> {
  const renames: Rename[] =
    entry.entryPoint?.original && entry.entryPoint.new && entry.entryPoint.original !== entry.entryPoint.new ? [{ from: entry.entryPoint.original, to: entry.entryPoint.new }] : [];
  const sourcePath = entry.source?.path ? path.resolve(root, entry.source.path) : null;
  const { encoding, ...verifyOptions } = options;
  const read = sourcePath && fs.existsSync(sourcePath) ? readSource(sourcePath, entry.language, encoding) : null;
  if (read && 'problem' in read) return { context: 'file', file: sourcePath, verdict: null, ok: false, reason: read.problem, output: '' };
  const disk = read?.text ?? null;
  let originalText = entry.original;
  let perturbedText = entry.perturbed;
  let context: ReverifyResult['context'] = 'unit';
  if (disk !== null && disk.includes(entry.perturbed)) {
    context = 'file';
    perturbedText = disk;
    // the file's callers of a renamed function call the new name: the original calls the old one
    originalText = withUnit(disk, entry.perturbed, entry.original, reversed(renames));
  } else if (disk !== null && disk.includes(entry.original)) {
    // callers of a renamed function follow it, as they did when the entry was made
    context = 'file';
    originalText = disk;
    perturbedText = withUnit(disk, entry.original, entry.perturbed, renames);
  }
  // the scratch copies hold the file's own bytes (its encoding); the texts here keep the file's line
  // endings as they are, so the form is made from none: it only encodes
  const form = context === 'file' && read ? new SourceForm('', read.encoding) : undefined;
  const verifier = new Verifier(entry.language, { ...verifyOptions, filePath: context === 'file' ? (sourcePath ?? undefined) : undefined, ...(form ? { form } : {}) }, originalText);
  const file = context === 'file' ? sourcePath : null;
  const project = verifier.project && sourcePath ? projectStates(verifier.project.root, sourcePath, entry.language, renames) : undefined;
  const originalTree = await loader.parse(entry.language, originalText);
  try {
    const original = state(originalText, entry.original, entry.entryPoint?.original ?? null, project?.original);
    await verifier.prepare(original, originalTree);
  } catch (e) {
    originalTree.delete();
    verifier.dispose();
    if (!isCodemorphError(e) || e.kind === 'cancelled') throw e;
    return { context, file, verdict: null, ok: false, reason: `the original cannot be checked at this level: ${e.message}`, output: e.detail ?? '' };
  }
  originalTree.delete();
  const tree = await loader.parse(entry.language, perturbedText);
  try {
    const perturbed = state(perturbedText, entry.perturbed, entry.entryPoint?.new ?? null, project?.perturbed);
    const verdict = await verifier.verify(perturbed, tree, renames);
    return { context, file, verdict, ok: verdict.reason === null, reason: verdict.reason, output: verdict.output };
  } finally {
    tree.delete();
    verifier.dispose();
  }
}
