import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import { LANGUAGE_IDS } from '../../src/core/languages/languageIds';
import { REPO } from '../support/harness';

/**
 * Issue 35: a function named for a language (`rustStringSubject`, `goEnv`) is that language's
 * knowledge, and belongs in its folder of src/core/languages even when no branch on a language id
 * reaches it (a profile field does). Outside that folder such a name is allowed only in a file that
 * is itself one language's (`verify/warm/go.ts`, `benchmark/harness/python.ts`) and in the
 * dataset formats listed below, whose per-language parts are facts about a benchmark, not about a
 * language. The test prints what it allows, to keep the list honest.
 */
const FORMAT_FACTS: Record<string, string[]> = {
  // HumanEval-X's own harness: its Python records are HumanEval's, its Go tests need their setup
  'src/core/benchmark/harness/humanevalX.ts': ['pythonCompletion', 'goEnv', 'goSetup'],
  'src/core/benchmark/formats/humanevalX.ts': ['goSetup'],
};

/**
 * Tables keyed by language id that are not facts about a language: the registry of warm checkers,
 * which live in verify/warm, one module each, and exist for some languages only.
 */
const REGISTRIES = ['src/core/verify/warm/pool.ts'];
const KEYED_BY_LANGUAGE = /^\s*(?:export\s+)?const\s+(\w+)\s*:\s*(?:Readonly<|Partial<)*Record<LanguageId\b/gm;

const PREFIXES = ['c', 'cpp', 'java', 'go', 'rust', 'py', 'python', 'js', 'ts', 'javascript', 'typescript'];
const NAMED = new RegExp(`^\\s*(?:export\\s+)?(?:async\\s+)?(?:function\\s+|const\\s+)((?:${PREFIXES.join('|')})[A-Z]\\w*)\\s*(?:[(<=]|:\\s*\\()`, 'gm');

/** Language-named functions of a source text. */
export function languageNamedFunctions(source: string): string[] {
  return [...source.matchAll(NAMED)].map((m) => m[1]);
}

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(path.join(dir, e.name)) : /\.[cm]?[jt]s$/.test(e.name) ? [path.join(dir, e.name)] : []));
}

/** A file whose name, or whose folder's, is a language's: one language's part of a per-language set. */
function oneLanguagesFile(rel: string): boolean {
  const parts = rel.split('/');
  return parts.slice(0, -1).some((p) => (LANGUAGE_IDS as readonly string[]).includes(p)) || (LANGUAGE_IDS as readonly string[]).includes(path.basename(rel).replace(/\.[cm]?[jt]s$/, ''));
}

describe('functions named for a language live in its folder', () => {
  it('no file of src/core outside src/core/languages defines one but the allowed', () => {
    const core = path.join(REPO, 'src', 'core');
    const found: string[] = [];
    const ownFiles = new Set<string>();
    for (const file of sources(core)) {
      const rel = path.relative(REPO, file).split(path.sep).join('/');
      if (rel.startsWith('src/core/languages/')) continue;
      const names = languageNamedFunctions(fs.readFileSync(file, 'utf8'));
      if (names.length === 0) continue;
      if (oneLanguagesFile(rel)) { ownFiles.add(rel); continue; }
      for (const name of names) if (!(FORMAT_FACTS[rel] ?? []).includes(name)) found.push(`${rel}: ${name}`);
    }
    const allowed = Object.values(FORMAT_FACTS).reduce((n, l) => n + l.length, 0);
    console.log(`      allowed: ${allowed} dataset-format functions in ${Object.keys(FORMAT_FACTS).length} files, and ${ownFiles.size} files of one language (${[...ownFiles].sort().join(', ')})`);
    assert.deepStrictEqual(found, [], 'move these to src/core/languages/<language>/ (reached through the profile), or name them after the fact they read when several languages share it');
  });

  it('no file of src/core outside src/core/languages keeps a table keyed by language but the registries', () => {
    const core = path.join(REPO, 'src', 'core');
    const found: string[] = [];
    for (const file of sources(core)) {
      const rel = path.relative(REPO, file).split(path.sep).join('/');
      if (rel.startsWith('src/core/languages/') || REGISTRIES.includes(rel)) continue;
      const tables = [...fs.readFileSync(file, 'utf8').matchAll(KEYED_BY_LANGUAGE)].map((m) => m[1]);
      found.push(...tables.map((t) => `${rel}: ${t}`));
    }
    console.log(`      allowed: ${REGISTRIES.length} registries keyed by language (${REGISTRIES.join(', ')})`);
    assert.deepStrictEqual(found, [], 'make each row a field of the language profile, filled in src/core/languages/<language>/');
  });

  it('finds a function named for a language, and only such', () => {
    assert.deepStrictEqual(
      languageNamedFunctions('function rustMatch(a) {}\nexport function cppScalar<T>(n: T) {}\nconst goTypeOf = (v) => v;\n  async function pyLoop() {}\n'),
      ['rustMatch', 'cppScalar', 'goTypeOf', 'pyLoop'],
    );
    assert.deepStrictEqual(languageNamedFunctions('function clauses() {}\nfunction counted() {}\nconst cases = [];\nfunction tsx() {}\nconst COLUMNS = 3;\n'), []);
  });
});
