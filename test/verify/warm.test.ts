import * as assert from 'assert';
import { spawn, spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import type { LanguageId } from '../../src/core/languages/languageIds';
import { runProcess } from '../../src/core/verify/process';
import { detectProject } from '../../src/core/verify/project';
import { ProjectChecks } from '../../src/core/verify/projectChecks';
import { compileCheck, scratchFileName, ToolOptions } from '../../src/core/verify/singleFile';
import { Verifier } from '../../src/core/verify/verifier';
import { CACHE_VARIABLE } from '../../src/core/verify/warm/cacheDir';
import { configureWarmCheckers, runningWarmCheckers, runWarm, stopWarmCheckers, WarmCall, warmCounts } from '../../src/core/verify/warm/pool';
import { corpusOf, corpusText } from '../support/corpus';
import { parse, REPO } from '../support/harness';

/**
 * Warm checkers (issue 33, docs/warm-checkers.md) must decide every step as the cold compilers do:
 * the whole conformance corpus and the examples, and broken variants of them (type errors, missing
 * symbols, syntax errors, Go's unused imports and variables, a main package without main), go
 * through both, with identical accept/reject decisions and the first message naming the same
 * file:line. Then how a checker fails: killed mid-request, hung, over its memory bound, idle.
 * Real compilers and real checker processes throughout; each suite builds the helpers into a cache
 * folder of its own.
 */

const TIMEOUT_MS = 120_000;
const SETTINGS = { idleMs: 5 * 60_000, deadlineMs: 30_000, startupMs: 300_000, maxCheckers: 4, rssLimitBytes: undefined };

let cache: string;
let savedCache: string | undefined;

function useOwnCache(): void {
  before(() => {
    savedCache = process.env[CACHE_VARIABLE];
    cache = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-cache-'));
    process.env[CACHE_VARIABLE] = cache;
  });
  after(() => {
    stopWarmCheckers();
    configureWarmCheckers(SETTINGS);
    if (savedCache === undefined) delete process.env[CACHE_VARIABLE];
    else process.env[CACHE_VARIABLE] = savedCache;
    fs.rmSync(cache, { recursive: true, force: true });
  });
}

/** The first line naming a place in a file, as `file:line`; or, when none does, the first two lines (a link error). */
function firstPlace(output: string): string {
  const lines = output.split('\n').filter((l) => l.trim());
  for (const line of lines) {
    const m = /^(\S+?\.(?:java|go|cpp)):(\d+)[:]/.exec(line);
    if (m) return `${m[1]}:${m[2]}`;
  }
  return lines.slice(0, 2).join('\n');
}

/** How many steps of `lang` warm checkers answered in this process. */
function answered(lang: LanguageId): number {
  return warmCounts(lang).answered;
}

interface Case {
  name: string;
  text: string;
}

/** Broken variants: each inserts a declaration after `anchor` (a line the text holds once). */
type Conformed = 'java' | 'go' | 'cpp' | 'python';

const BROKEN: Record<Conformed, { name: string; insert?: string; replace?: [RegExp, string] }[]> = {
  java: [
    { name: 'a type error', insert: '    static int brokenType() { return "text"; }' },
    { name: 'a missing symbol', insert: '    static int brokenCall() { return undefinedHelper(3); }' },
    { name: 'a syntax error', insert: '    static int broken( { }' },
    { name: 'a class without its import', insert: '    static LinkedHashSet<Integer> withoutImport;' },
    { name: 'a missing return', insert: '    static int noReturn(int x) { if (x > 0) { return 1; } }' },
    { name: 'an unreachable statement', insert: '    static void unreachable() { return; System.out.println(); }' },
    { name: 'a valid addition with a non-ASCII string', insert: '    static String accent = "café";' },
  ],
  go: [
    { name: 'a type error', insert: 'func brokenType() int { return "text" }' },
    { name: 'a missing symbol', insert: 'func brokenCall() int { return undefinedHelper(3) }' },
    { name: 'a syntax error', insert: 'func broken( { }' },
    { name: 'an unused import', replace: [/^package main\n/m, 'package main\n\nimport "hash/crc32"\n'] },
    { name: 'an unused variable', insert: 'func unusedVar() { x := 1 }' },
    { name: 'a main package without main (a link error)', replace: [/^func main\(\)/m, 'func notMain()'] },
    { name: 'a wrong number of results', insert: 'func twoValues() (int, int) { return 1 }' },
    { name: 'a valid addition with a non-ASCII string', insert: 'func accent() string { return "café" }' },
  ],
  cpp: [
    { name: 'a type error', insert: 'int brokenType() { return std::string("text"); }' },
    { name: 'a missing symbol', insert: 'int brokenCall() { return undefinedHelper(3); }' },
    { name: 'a syntax error', insert: 'int broken( { }' },
    { name: 'a class without its include', insert: 'std::unordered_set<int> withoutInclude;' },
    { name: 'a call with the wrong arguments', insert: 'int wrongArguments() { return std::max(1); }' },
    { name: 'a header added (another include set)', replace: [/^#include/m, '#include <deque>\n#include'] },
    { name: 'its first include taken out (another include set)', replace: [/^#include <[^>]+>\n/m, ''] },
    { name: 'a valid addition with a non-ASCII string', insert: 'const char* accent() { return "café"; }' },
  ],
  // what compile() rejects; a missing name or a type error is not among it, and both accept those alike
  python: [
    { name: 'a syntax error', insert: 'def broken(:\n    pass' },
    { name: 'an indentation error', insert: 'def badly_indented():\n    x = 1\n      return x' },
    { name: 'a return outside a function', insert: 'return 3' },
    { name: 'a break outside a loop', insert: 'def no_loop():\n    break' },
    { name: 'a duplicate argument', insert: 'def twice(a, a):\n    return a' },
    { name: 'an unknown encoding', replace: [/^/, '# -*- coding: no-such-codec -*-\n'] },
    { name: 'a missing symbol (accepted by both)', insert: 'def missing():\n    return undefined_helper(3)' },
    { name: 'an invalid escape and a non-ASCII string (accepted, with a warning)', insert: 'def accent():\n    return "café \\d"' },
  ],
};

function broken(lang: Conformed, text: string, which: (typeof BROKEN)['java'][number]): string {
  if (which.replace) {
    const out = text.replace(which.replace[0], which.replace[1]);
    assert.notStrictEqual(out, text, `${which.name}: the pattern is not in the program`);
    return out;
  }
  if (lang !== 'java') return `${text.trimEnd()}\n\n${which.insert}\n`;
  // after the first top-level class's opening line
  const lines = text.split('\n');
  const at = lines.findIndex((l) => /^(public\s+)?(final\s+)?class\s+\w+.*\{\s*$/.test(l));
  assert.ok(at >= 0, 'no top-level class line');
  lines.splice(at + 1, 0, which.insert!);
  return lines.join('\n');
}

function casesOf(lang: Conformed): Case[] {
  const cases: Case[] = [];
  const entries = corpusOf(lang);
  entries.forEach((entry, i) => {
    const text = corpusText(lang, entry);
    cases.push({ name: entry.file, text });
    // every broken kind on at least two programs
    for (const k of [i % BROKEN[lang].length, (i + 3) % BROKEN[lang].length]) {
      if (i >= 2 * BROKEN[lang].length && k !== i % BROKEN[lang].length) continue;
      const which = BROKEN[lang][k];
      cases.push({ name: `${entry.file} with ${which.name}`, text: broken(lang, text, which) });
    }
  });
  for (const file of fs.readdirSync(path.join(REPO, 'examples', lang))) {
    cases.push({ name: `examples/${lang}/${file}`, text: fs.readFileSync(path.join(REPO, 'examples', lang, file), 'utf8') });
  }
  return cases;
}

describe('warm checkers: the same verdicts as the cold tools', function () {
  this.timeout(40 * 60_000);
  useOwnCache();
  let dir: string;
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-same-'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  for (const lang of ['java', 'go', 'cpp', 'python'] as const) {
    it(`${lang}: the corpus, the examples and broken variants are accepted and rejected alike, the first message at the same place`, async () => {
      const differences: string[] = [];
      let rejected = 0;
      const cases = casesOf(lang);
      for (const [i, c] of cases.entries()) {
        const fileName = scratchFileName(lang, c.text);
        // the same folder for both: the commands recorded are then the same
        const options: ToolOptions = { dir: path.join(dir, `${lang}-${i}`), overrides: {}, timeoutMs: TIMEOUT_MS };
        const cold = await compileCheck(lang, c.text, fileName, options);
        const before = answered(lang);
        const notes: string[] = [];
        const warm = await compileCheck(lang, c.text, fileName, { ...options, warm: { onNote: (n) => notes.push(n) } });
        assert.deepStrictEqual(notes, [], `${c.name}: the checker failed`);
        assert.strictEqual(answered(lang), before + 1, `${c.name}: the warm checker did not answer`);
        assert.deepStrictEqual(warm.commands, cold.commands, `${c.name}: the record names the cold command`);
        if (!cold.ok) rejected++;
        if (warm.ok !== cold.ok) differences.push(`${c.name}: cold ${cold.ok ? 'accepts' : 'rejects'}, warm ${warm.ok ? 'accepts' : 'rejects'}\n${cold.output}\n---\n${warm.output}`);
        else if (!cold.ok && firstPlace(warm.output) !== firstPlace(cold.output)) differences.push(`${c.name}: cold says\n${cold.output}\nwarm says\n${warm.output}`);
        // the same interpreter running the same module: the same text, to the byte
        else if (lang === 'python' && warm.output !== cold.output) differences.push(`${c.name}: outputs differ:\n${cold.output}\n---\n${warm.output}`);
        else if (!cold.ok && warm.output.split('\n')[0] !== cold.output.split('\n')[0] && lang !== 'java') differences.push(`${c.name}: first lines differ:\n${cold.output}\n---\n${warm.output}`);
      }
      assert.deepStrictEqual(differences, []);
      // the broken variants were broken (a valid one among them is accepted)
      assert.ok(rejected >= BROKEN[lang].length, `only ${rejected} of ${cases.length} rejected`);
    });
  }

  /** A project's build through ProjectChecks, warm or cold, with `files` changed. */
  async function projectBuild(lang: 'java' | 'go', mainRel: string, files: Record<string, string>, warm: boolean): Promise<{ ok: boolean; output: string; commands: string[] }> {
    const root = path.join(REPO, 'test', 'fixtures', 'projects', lang);
    const info = detectProject(path.join(root, mainRel), lang)!;
    const scratch = fs.mkdtempSync(path.join(dir, `${lang}-project-`));
    const checks = new ProjectChecks(info, path.join(root, mainRel), path.join(scratch, 'project'), {
      lang,
      toolchains: {},
      timeoutMs: TIMEOUT_MS,
      ...(warm ? { warm: { onNote: (n) => assert.fail(n) } } : {}),
    });
    const built = await checks.build(checks.place(files));
    return built;
  }

  const PROJECT_CASES: { lang: 'java' | 'go'; name: string; main: string; change: (text: string) => string }[] = [
    { lang: 'java', name: 'as it is', main: 'src/calc/Ops.java', change: (t) => t },
    { lang: 'java', name: 'a method renamed without its callers (a missing symbol in other files)', main: 'src/calc/Ops.java', change: (t) => t.replace('int add(', 'int plus(') },
    { lang: 'java', name: 'a syntax error', main: 'src/calc/Ops.java', change: (t) => t.replace('return total;', 'return total') },
    { lang: 'java', name: 'a type error', main: 'src/calc/Ops.java', change: (t) => t.replace('int total = a + b;', 'int total = "a";') },
    { lang: 'go', name: 'as it is', main: 'calc/calc.go', change: (t) => t },
    { lang: 'go', name: 'a function renamed without its callers (a missing symbol in another package)', main: 'calc/calc.go', change: (t) => t.replace(/\bAdd\b/g, 'Plus') },
    { lang: 'go', name: 'an unused variable', main: 'calc/calc.go', change: (t) => t.replace('total := a + b', 'total := a + b\n\tunused := 1') },
    { lang: 'go', name: 'a syntax error', main: 'calc/calc.go', change: (t) => t.replace('return total', 'return total +') },
    { lang: 'go', name: 'no main in the main package (a link error)', main: 'main.go', change: (t) => t.replace('func main()', 'func notMain()') },
  ];

  for (const c of PROJECT_CASES) {
    it(`${c.lang} project, ${c.name}: the warm build decides as the cold one`, async () => {
      const root = path.join(REPO, 'test', 'fixtures', 'projects', c.lang);
      const text = c.change(fs.readFileSync(path.join(root, c.main), 'utf8'));
      const files = { [c.main]: text };
      const cold = await projectBuild(c.lang, c.main, files, false);
      const before = answered(c.lang);
      const warm = await projectBuild(c.lang, c.main, files, true);
      assert.ok(answered(c.lang) > before, 'the warm checker did not answer');
      assert.deepStrictEqual(warm.commands, cold.commands);
      assert.strictEqual(warm.ok, cold.ok, `cold:\n${cold.output}\nwarm:\n${warm.output}`);
      if (!cold.ok) {
        assert.strictEqual(firstPlace(warm.output), firstPlace(cold.output), `cold:\n${cold.output}\nwarm:\n${warm.output}`);
        if (c.lang === 'go') assert.strictEqual(warm.output.split('\n')[0], cold.output.split('\n')[0]);
      }
    });
  }
});

describe('warm checkers: failures, limits and life', function () {
  this.timeout(10 * 60_000);
  useOwnCache();
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-warm-life-'));
  });
  afterEach(() => {
    stopWarmCheckers();
    configureWarmCheckers(SETTINGS);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const SOURCES: Record<'java' | 'go' | 'python', { file: string; text: string; tool: string; args: (file: string) => string[] }> = {
    java: {
      file: 'Hello.java',
      text: 'public class Hello {\n    public static void main(String[] args) {\n        System.out.println("hi");\n    }\n}\n',
      tool: 'javac',
      args: (file) => ['-d', 'classes', '-encoding', 'UTF-8', '-nowarn', file],
    },
    go: {
      file: 'hello.go',
      text: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n',
      tool: 'go',
      args: (file) => ['build', '-o', 'check.out', file],
    },
    python: {
      file: 'hello.py',
      text: 'def main():\n    print("hi")\n\n\nmain()\n',
      tool: 'python3',
      args: (file) => ['-m', 'py_compile', file],
    },
  };

  function which(tool: string): string {
    // the interpreter itself, not a version manager's shim (as the verifier resolves it)
    if (tool === 'python3') return spawnSync('python3', ['-c', 'import sys; print(sys.executable)'], { encoding: 'utf8' }).stdout.trim();
    return spawnSync('sh', ['-c', `command -v ${tool}`], { encoding: 'utf8' }).stdout.trim();
  }

  /** A compile of `file` in `dir`: through the checker, `cold` standing in. */
  function call(lang: 'java' | 'go' | 'python', file: string, notes: string[]): { call: WarmCall; cold: () => ReturnType<typeof runProcess> } {
    const spec = SOURCES[lang];
    const tool = which(spec.tool);
    const args = spec.args(file);
    const env = lang === 'go' ? { ...process.env, GO111MODULE: 'auto' } : process.env;
    return {
      call: { lang, tool, args, cwd: dir, env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => notes.push(n) },
      cold: () => runProcess(tool, args, { cwd: dir, timeoutMs: TIMEOUT_MS, env }),
    };
  }

  async function compileWarm(lang: 'java' | 'go' | 'python', notes: string[] = []): Promise<{ code: number | null; output: string }> {
    const spec = SOURCES[lang];
    fs.writeFileSync(path.join(dir, spec.file), spec.text);
    const { call: c, cold } = call(lang, spec.file, notes);
    const result = await runWarm(c, cold);
    return { code: result.code, output: result.stderr };
  }

  function pidOf(lang: LanguageId): number {
    const running = runningWarmCheckers().filter((c) => c.lang === lang);
    assert.strictEqual(running.length, 1, JSON.stringify(running));
    return running[0].pid;
  }

  function alive(pid: number): boolean {
    try {
      process.kill(pid, 0);
    } catch {
      return false;
    }
    // a zombie is dead too
    try {
      return !/^State:\s+Z/m.test(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    } catch {
      return false;
    }
  }

  async function until(what: string, check: () => boolean, boundMs = 30_000): Promise<void> {
    const end = Date.now() + boundMs;
    while (!check()) {
      if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /**
   * A compile the running checker cannot answer: it is stopped (SIGSTOP), so the request stays in
   * flight for as long as the test wants; the cold compiler that stands in compiles the same file.
   */
  function frozenCompile(lang: 'java' | 'go' | 'python', pid: number, notes: string[]): ReturnType<typeof runWarm> {
    const spec = SOURCES[lang];
    fs.writeFileSync(path.join(dir, spec.file), spec.text);
    process.kill(pid, 'SIGSTOP');
    const { call: c, cold } = call(lang, spec.file, notes);
    return runWarm(c, cold);
  }

  const LABEL = { java: 'Java', go: 'Go', python: 'Python' };

  for (const lang of ['java', 'go', 'python'] as const) {
    it(`${lang}: a checker killed mid-request is restarted once, the step checked by the cold tool with a line in the log; a second failure turns it off`, async () => {
      assert.strictEqual((await compileWarm(lang)).code, 0);
      const first = pidOf(lang);
      const notes: string[] = [];
      const pending = frozenCompile(lang, first, notes);
      await new Promise((r) => setTimeout(r, 500));
      process.kill(first, 'SIGKILL');
      const result = await pending;
      assert.strictEqual(result.code, 0, result.stderr);
      assert.strictEqual(notes.length, 1, notes.join('\n'));
      assert.match(notes[0], new RegExp(`the warm ${LABEL[lang]} checker crashed \\(exited with SIGKILL\\): this step was checked by the cold tool \\(.*${SOURCES[lang].tool} .*\\); it is restarted for the next step`));
      // the next step: a new checker answers
      const again = await compileWarm(lang);
      assert.strictEqual(again.code, 0);
      const second = pidOf(lang);
      assert.notStrictEqual(second, first);
      assert.ok(!alive(first));
      // killed again mid-request: no more restarts, the cold tool from now on
      const notes2: string[] = [];
      const pending2 = frozenCompile(lang, second, notes2);
      await new Promise((r) => setTimeout(r, 500));
      process.kill(second, 'SIGKILL');
      assert.strictEqual((await pending2).code, 0);
      assert.match(notes2[0], /crashed .* failed twice, so (Java|Go|Python) steps are checked by the cold tool from now on/);
      const notes3: string[] = [];
      assert.strictEqual((await compileWarm(lang, notes3)).code, 0);
      assert.deepStrictEqual(runningWarmCheckers(), []);
      assert.deepStrictEqual(notes3, []);
    });

    it(`${lang}: a checker that hangs is killed at the deadline and the cold tool stands in`, async () => {
      assert.strictEqual((await compileWarm(lang)).code, 0);
      const pid = pidOf(lang);
      configureWarmCheckers({ deadlineMs: 1500 });
      const notes: string[] = [];
      const started = Date.now();
      const result = await frozenCompile(lang, pid, notes);
      assert.ok(Date.now() - started >= 1500);
      assert.strictEqual(result.code, 0, result.stderr);
      assert.match(notes[0], /checker timed out after 1\.5 s and was killed: this step was checked by the cold tool/);
      await until('the hung checker to be gone', () => !alive(pid));
    });
  }

  /** A C++ compile check of a small program through the precompiled-header check, with `cold` standing in. */
  async function cppWarm(notes: string[], coldRan: { count: number }, header = 'string'): Promise<{ code: number | null; output: string }> {
    fs.writeFileSync(path.join(dir, 'hello.cpp'), `#include <iostream>\n#include <${header}>\n\nint main() {\n    std::string s = "hi";\n    std::cout << s << std::endl;\n}\n`);
    const tool = which('g++');
    const args = ['-fsyntax-only', '-std=c++17', 'hello.cpp'];
    const c: WarmCall = { lang: 'cpp', tool, args, cwd: dir, env: process.env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => notes.push(n) };
    const result = await runWarm(c, () => {
      coldRan.count++;
      return runProcess(tool, args, { cwd: dir, timeoutMs: TIMEOUT_MS });
    });
    return { code: result.code, output: result.stderr };
  }

  it('cpp: an unreadable precompiled header is a failure, not a verdict: the cold compiler checks the step with a line in the log; a second failure turns it off', async () => {
    const coldRan = { count: 0 };
    assert.strictEqual((await cppWarm([], coldRan)).code, 0);
    assert.strictEqual(coldRan.count, 0, 'the precompiled header was not used');
    const sets = fs.readdirSync(path.join(cache, 'pch'));
    assert.strictEqual(sets.length, 1, sets.join(', '));
    const gch = path.join(cache, 'pch', sets[0], 'prefix.h.gch');
    const truncate = () => fs.writeFileSync(gch, fs.readFileSync(gch).subarray(0, 100_000));
    truncate();
    const notes: string[] = [];
    const first = await cppWarm(notes, coldRan);
    assert.strictEqual(first.code, 0, first.output);
    assert.strictEqual(coldRan.count, 1);
    assert.strictEqual(notes.length, 1, notes.join('\n'));
    assert.match(notes[0], /^the warm C\+\+ checker failed \(.*precompiled header.*\): this step was checked by the cold tool \(\S*g\+\+ -fsyntax-only -std=c\+\+17 hello\.cpp\); it is tried again for the next step$/);
    const notes2: string[] = [];
    assert.strictEqual((await cppWarm(notes2, coldRan)).code, 0);
    assert.strictEqual(coldRan.count, 2);
    assert.match(notes2[0], /failed twice, so C\+\+ steps are checked by the cold tool from now on/);
    const notes3: string[] = [];
    const answeredBefore = answered('cpp');
    assert.strictEqual((await cppWarm(notes3, coldRan)).code, 0);
    assert.strictEqual(coldRan.count, 3);
    assert.deepStrictEqual(notes3, []);
    assert.strictEqual(answered('cpp'), answeredBefore);
  });

  it('cpp: one step cancelled while the headers are precompiled cancels only itself: a step waiting on the same build gets its verdict', async () => {
    fs.writeFileSync(path.join(dir, 'shared.cpp'), '#include <map>\n#include <vector>\n\nint main() {\n    std::map<int, std::vector<int>> m;\n    return (int)m.size();\n}\n');
    const tool = which('g++');
    const args = ['-fsyntax-only', '-std=c++17', 'shared.cpp'];
    const coldRan = { count: 0 };
    const call = (signal?: AbortSignal) =>
      runWarm({ lang: 'cpp', tool, args, cwd: dir, env: process.env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, signal }, () => {
        coldRan.count++;
        return runProcess(tool, args, { cwd: dir, timeoutMs: TIMEOUT_MS, signal });
      });
    const stop = new AbortController();
    const first = call(stop.signal);
    const second = call();
    // cancelled while the shared header build runs (precompiling <map> takes far longer than this)
    setTimeout(() => stop.abort(), 50);
    const [cancelled, answered] = await Promise.all([first, second]);
    assert.strictEqual(cancelled.cancelled, true);
    assert.strictEqual(answered.cancelled, false, 'the step nobody cancelled was reported cancelled');
    assert.strictEqual(answered.code, 0, answered.stderr);
    assert.strictEqual(coldRan.count, 0, 'the shared build went on for the step still waiting');
  });

  it('cpp: precompiling the headers past the deadline is killed, and the cold compiler checks the step', async () => {
    configureWarmCheckers({ deadlineMs: 1 });
    const notes: string[] = [];
    const coldRan = { count: 0 };
    // an include set of its own: precompiled by this step
    const result = await cppWarm(notes, coldRan, 'sstream');
    assert.strictEqual(result.code, 0, result.output);
    assert.strictEqual(coldRan.count, 1);
    assert.match(notes[0], /^the warm C\+\+ checker timed out after 0\.001 s precompiling the headers and was killed: this step was checked by the cold tool/);
  });

  it('cpp: a header that does not exist is left to the cold compiler, without a note', async () => {
    fs.writeFileSync(path.join(dir, 'missing.cpp'), '#include <no_such_header_anywhere>\n\nint main() {}\n');
    const tool = which('g++');
    const args = ['-fsyntax-only', '-std=c++17', 'missing.cpp'];
    const notes: string[] = [];
    let coldRan = false;
    const before = answered('cpp');
    const result = await runWarm({ lang: 'cpp', tool, args, cwd: dir, env: process.env, purpose: 'check', project: '', timeoutMs: TIMEOUT_MS, onNote: (n) => notes.push(n) }, () => {
      coldRan = true;
      return runProcess(tool, args, { cwd: dir, timeoutMs: TIMEOUT_MS });
    });
    assert.strictEqual(result.code, 1);
    assert.match(result.stderr, /^missing\.cpp:1:10: fatal error: no_such_header_anywhere: No such file or directory/);
    assert.ok(coldRan);
    assert.deepStrictEqual(notes, []);
    assert.strictEqual(answered('cpp'), before);
  });

  it('a checker over its memory bound is replaced after its answer, with a line in the log', async () => {
    configureWarmCheckers({ rssLimitBytes: 1 });
    const notes: string[] = [];
    assert.strictEqual((await compileWarm('go', notes)).code, 0);
    assert.match(notes[0], /the warm Go checker uses \d+ MiB of memory, over its bound of 0 MiB: a fresh one serves the next step/);
    assert.deepStrictEqual(runningWarmCheckers(), []);
  });

  it('a checker stops after its idle time', async () => {
    configureWarmCheckers({ idleMs: 300 });
    assert.strictEqual((await compileWarm('go')).code, 0);
    const pid = pidOf('go');
    await until('the idle checker to stop', () => !alive(pid));
    assert.deepStrictEqual(runningWarmCheckers(), []);
    // and the next step starts it again
    assert.strictEqual((await compileWarm('go')).code, 0);
    assert.notStrictEqual(pidOf('go'), pid);
  });

  it("a checker's environment holds no secret, and the run's mark", async () => {
    const saved = { ...process.env };
    process.env.OPENAI_API_KEY = 'sk-warm-secret';
    process.env.MY_WARM_TOKEN = 'warm-token-secret';
    process.env.CODEMORPH_SECRET_ENV = 'MY_WARM_*';
    try {
      for (const lang of ['java', 'go', 'python'] as const) {
        assert.strictEqual((await compileWarm(lang)).code, 0);
        const environ = fs.readFileSync(`/proc/${pidOf(lang)}/environ`, 'utf8').split('\0');
        assert.ok(!environ.some((e) => e.includes('secret')), environ.join('\n'));
        assert.ok(environ.some((e) => e.startsWith('CODEMORPH_RUN=')));
      }
    } finally {
      for (const name of ['OPENAI_API_KEY', 'MY_WARM_TOKEN', 'CODEMORPH_SECRET_ENV']) {
        if (saved[name] === undefined) delete process.env[name];
        else process.env[name] = saved[name];
      }
    }
  });

  it('a file only the go command handles (a build constraint) is checked by it, without a note', async () => {
    assert.strictEqual((await compileWarm('go')).code, 0);
    const before = answered('go');
    const failedBefore = warmCounts('go').fellBack;
    fs.writeFileSync(path.join(dir, 'tagged.go'), '//go:build linux || !linux\n\npackage main\n\nfunc main() {}\n');
    const notes: string[] = [];
    const { call: c, cold } = call('go', 'tagged.go', notes);
    let coldRan = false;
    const result = await runWarm(c, () => ((coldRan = true), cold()));
    assert.strictEqual(result.code, 0, result.stderr);
    assert.ok(coldRan);
    assert.deepStrictEqual(notes, []);
    // the cold tool answered it, and no failure was counted
    assert.strictEqual(answered('go'), before);
    assert.strictEqual(warmCounts('go').fellBack, failedBefore);
  });

  it('the helpers are built once into the cache and reused by the next process', async () => {
    assert.strictEqual((await compileWarm('java')).code, 0);
    const built = fs.readdirSync(path.join(cache, 'warm')).filter((n) => n.startsWith('java-'));
    assert.strictEqual(built.length, 1, built.join(', '));
    const ready = path.join(cache, 'warm', built[0], 'ready');
    const stamp = fs.statSync(ready).mtimeMs;
    stopWarmCheckers();
    assert.strictEqual((await compileWarm('java')).code, 0);
    assert.strictEqual(fs.statSync(ready).mtimeMs, stamp);
    assert.deepStrictEqual(
      fs.readdirSync(path.join(cache, 'warm')).filter((n) => n.startsWith('java-')),
      built,
    );
  });

  it('a checker never keeps Node running: a script that used one ends by itself, and takes the checker with it', async () => {
    const script = `
      const { runWarm } = require(${JSON.stringify(path.join(REPO, 'out', 'src', 'core', 'verify', 'warm', 'pool.js'))});
      const { runProcess } = require(${JSON.stringify(path.join(REPO, 'out', 'src', 'core', 'verify', 'process.js'))});
      const fs = require('fs');
      const dir = ${JSON.stringify(dir)};
      fs.writeFileSync(dir + '/hello.go', ${JSON.stringify(SOURCES.go.text)});
      const env = { ...process.env, GO111MODULE: 'auto' };
      const args = ['build', '-o', 'check.out', 'hello.go'];
      runWarm({ lang: 'go', tool: ${JSON.stringify(which('go'))}, args, cwd: dir, env, purpose: 'check', project: '', timeoutMs: 60000, onNote: (n) => console.log('note', n) },
        () => { console.log('cold'); return runProcess('go', args, { cwd: dir, timeoutMs: 60000, env }); })
        .then((r) => console.log('code', r.code, require(${JSON.stringify(path.join(REPO, 'out', 'src', 'core', 'verify', 'warm', 'pool.js'))}).runningWarmCheckers()[0].pid));
    `;
    const child = spawn(process.execPath, ['-e', script], { env: process.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (out += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (out += d));
    const started = Date.now();
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    assert.strictEqual(code, 0, out);
    const m = /^code 0 (\d+)$/m.exec(out);
    assert.ok(m, out);
    // well before the idle time (5 minutes)
    assert.ok(Date.now() - started < 120_000);
    await until('the checker to go with its process', () => !alive(Number(m[1])));
  });

  it('the syntax level starts no checker; a failure is a note on the verdict', async () => {
    const text = SOURCES.java.text;
    const tree = await parse('java', text);
    try {
      const state = { text, unit: { start: 0, end: text.length }, unitKind: 'file' as const, entryPoint: null };
      const syntax = new Verifier('java', { level: 'syntax', toolchains: {}, timeoutMs: TIMEOUT_MS }, text);
      await syntax.prepare(state, tree);
      await syntax.verify(state, tree, []);
      syntax.dispose();
      assert.deepStrictEqual(runningWarmCheckers(), []);
      // a deadline no compile can keep: every request fails, the cold compiler decides, the verdict says so
      const compile = new Verifier('java', { level: 'compile', toolchains: {}, timeoutMs: TIMEOUT_MS }, text);
      try {
        await compile.prepare(state, tree);
        configureWarmCheckers({ deadlineMs: 1 });
        const verdict = await compile.verify(state, tree, []);
        assert.strictEqual(verdict.compile, true);
        assert.strictEqual(verdict.notes?.length, 1, JSON.stringify(verdict));
        assert.match(verdict.notes![0], /^the warm Java checker timed out after 0\.001 s and was killed: this step was checked by the cold tool \(\S*javac -d <scratch>\/compile\/classes .*Hello\.java\); it is restarted for the next step$/);
      } finally {
        compile.dispose();
      }
    } finally {
      tree.delete();
    }
  });
});
