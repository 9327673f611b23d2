import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { Tree } from 'web-tree-sitter';
import { GrammarLoader } from '../../src/core/languages/grammarLoader';
import { LanguageId, languageFromPath } from '../../src/core/languages/languageIds';
import { describeSyntaxProblem, syntaxProblems } from '../../src/core/languages/syntaxErrors';
import { Rng } from '../../src/core/random';
import { UnitContext } from '../../src/core/syntax/context';
import type { Method, Rewrite, Site } from '../../src/core/transforms/method';
import { afterRewrite, selectUnit, UnitSelector, UnitState, unitText } from '../../src/core/unit';
import { buildAndRun, compileCheck, scratchFileName } from '../../src/core/verify/singleFile';

export const REPO = path.resolve(__dirname, '../../..');
/** Tests load grammars from dist/, exactly as the extension and the CLI do (npm test builds first). */
export const WASM_DIR = path.join(REPO, 'dist');
export const loader = new GrammarLoader(WASM_DIR);

export function fixture(relative: string): string {
  return path.join(REPO, 'test', 'fixtures', relative);
}

export function readFixture(relative: string): { lang: LanguageId; text: string; file: string } {
  const file = fixture(relative);
  const lang = languageFromPath(file);
  if (!lang) throw new Error(`no language for ${file}`);
  return { lang, text: fs.readFileSync(file, 'utf8'), file };
}

export async function parse(lang: LanguageId, text: string): Promise<Tree> {
  return loader.parse(lang, text);
}

/** Runs `fn` with a context for the selected unit, freeing the tree afterwards. */
export async function withContext<T>(lang: LanguageId, state: UnitState, fn: (ctx: UnitContext) => T): Promise<T> {
  const tree = await parse(lang, state.text);
  try {
    const ctx = new UnitContext({ lang, source: state.text, tree, unit: state.unit, unitKind: state.unitKind, entryPoint: state.entryPoint, loader });
    return fn(ctx);
  } finally {
    tree.delete();
  }
}

export async function select(lang: LanguageId, text: string, selector: UnitSelector = {}): Promise<UnitState> {
  const tree = await parse(lang, text);
  try {
    return selectUnit(lang, tree, text, selector);
  } finally {
    tree.delete();
  }
}

export async function sitesOf(method: Method, lang: LanguageId, state: UnitState): Promise<Site[]> {
  return withContext(lang, state, (ctx) => method.findSites(ctx));
}

export interface Application {
  site: Site;
  rewrite: Rewrite;
  before: UnitState;
  after: UnitState;
}

/** Applies the method at site `index` (default: every site, one application each, from the same start). */
export async function applyAt(method: Method, lang: LanguageId, state: UnitState, index: number, seed = 1): Promise<Application> {
  return withContext(lang, state, (ctx) => {
    const sites = method.findSites(ctx);
    assert.ok(index < sites.length, `${method.id} found ${sites.length} sites in ${lang}, wanted site ${index}`);
    const site = sites[index];
    const rewrite = method.apply(ctx, site, new Rng(seed));
    return { site, rewrite, before: state, after: afterRewrite(state, rewrite) };
  });
}

export async function assertParses(lang: LanguageId, text: string, what = 'output'): Promise<void> {
  const tree = await parse(lang, text);
  try {
    const problems = syntaxProblems(tree.rootNode);
    assert.deepStrictEqual(problems.map(describeSyntaxProblem), [], `${what} does not parse:\n${text}`);
  } finally {
    tree.delete();
  }
}

const scratchRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-test-'));
let scratchCount = 0;
export function scratchDir(): string {
  return path.join(scratchRoot, String(++scratchCount));
}

const TIMEOUT_MS = 60_000;
const behaviourCache = new Map<string, { code: number | null; stdout: string }>();

/** Builds and runs a program, returning exit code and output; fails the test if it does not build. */
export async function behaviour(lang: LanguageId, text: string): Promise<{ code: number | null; stdout: string }> {
  const key = `${lang}\0${text}`;
  const cached = behaviourCache.get(key);
  if (cached) return cached;
  const dir = scratchDir();
  const outcome = await buildAndRun(lang, text, scratchFileName(lang, text), { dir, overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(REPO, 'package.json') });
  assert.ok(outcome.built.ok, `does not build:\n${outcome.built.output}\n---\n${text}`);
  assert.ok(outcome.run && !outcome.run.timedOut, `timed out:\n${text}`);
  const result = { code: outcome.run!.code, stdout: outcome.run!.stdout };
  behaviourCache.set(key, result);
  return result;
}

export async function assertCompiles(lang: LanguageId, text: string): Promise<void> {
  const result = await compileCheck(lang, text, scratchFileName(lang, text), { dir: scratchDir(), overrides: {}, timeoutMs: TIMEOUT_MS, nearFile: path.join(REPO, 'package.json') });
  assert.ok(result.ok, `does not compile (${result.commands.join(' && ')}):\n${result.output}\n---\n${text}`);
}

/**
 * The standard check for a rewrite: the output parses, compiles, and runs with the same exit
 * code and output as the original (which must itself print something, or the check is empty).
 */
export async function assertEquivalent(lang: LanguageId, original: string, perturbed: string): Promise<void> {
  assert.notStrictEqual(perturbed, original, 'the rewrite changed nothing');
  await assertParses(lang, perturbed);
  await assertCompiles(lang, perturbed);
  const before = await behaviour(lang, original);
  assert.ok(before.stdout.trim().length > 0, 'the fixture prints nothing, so behaviour cannot be compared');
  const after = await behaviour(lang, perturbed);
  assert.strictEqual(after.code, before.code, `exit code changed\n---\n${perturbed}`);
  assert.strictEqual(after.stdout, before.stdout, `output changed\n---\n${perturbed}`);
}

export { unitText };
