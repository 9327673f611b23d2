import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { cli, CliResult } from '../support/cli';
import { REPO } from '../support/harness';

/**
 * Issue 28, deliverable 7: no stack trace for any user error anywhere. Every command is fed bad
 * input (missing, odd and unreadable files, corrupt JSON Lines, unknown names, bad numbers, empty
 * files, a missing function, a file of syntax errors): each ends with exit 2 (1 where the work
 * failed) and one line saying what is wrong, never an internal error or a stack frame.
 */
interface Case {
  args: string[];
  code: number;
  /** What the last line of stderr says. */
  says: RegExp;
  /** Lines stderr may hold before it (a command's documented output, e.g. the entries it skipped). */
  before?: boolean;
}

function check(result: CliResult, c: Case): void {
  const what = `codemorph ${c.args.join(' ')}\n${result.stderr}`;
  assert.ok(!/^\s+at /m.test(result.stderr), `a stack trace: ${what}`);
  assert.ok(!/internal error/.test(result.stderr), `an internal error: ${what}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  if (!c.before) assert.strictEqual(lines.length, 1, `one line: ${what}`);
  assert.match(lines[lines.length - 1] ?? '', /^codemorph: /, what);
  assert.match(lines[lines.length - 1], c.says, what);
  assert.strictEqual(result.code, c.code, what);
}

describe('faults: bad input gets one line, never a stack trace', function () {
  this.timeout(300_000);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-user-errors-'));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));
  const write = (name: string, text: string | Buffer) => fs.writeFileSync(path.join(dir, name), text);
  write('ok.py', 'def f(a, b):\n    return a + b\n');
  write('empty.py', '');
  write('blank.py', '\n\n   \n');
  write('syntax.py', '))) ((( def\n');
  write('noext', 'x = 1\n');
  write('ok.jsonl', `${JSON.stringify({ task_id: 1, code: 'def f(a):\n    return a + 1\n', language: 'python' })}\n`);
  write(
    'bad.jsonl',
    ['not json', '{"task_id": [1], "code": 3}', '', '   ', '{"task_id": 2, "code": "x", "language": 5}', '[1,2]', 'null', '"str"', '{"task_id": 3, "code": "x", "language": "cobol"}'].join('\n'),
  );
  // one record of 6 MB of code: a line that long is read, and refused as too large, alone
  write('huge.jsonl', `${JSON.stringify({ task_id: 'huge', code: `x = 1\n${'#'.repeat(6_000_000)}\n` })}\n`);
  write(
    'entries.jsonl',
    [
      'garbage',
      '{"id": 1}',
      '{"id": "x", "kind": "perturbed", "language": "python", "original": "def f(): pass"}',
      '{"id": "y", "kind": "perturbed", "language": "python", "original": "a\\nb", "perturbed": "a\\nb", "steps": [{"accepted": true, "changes": [{"before": {"line": 1, "count": 1}, "after": {"line": 1, "count": 1e12}}]}]}',
      '{"id": 7, "kind": "perturbed", "language": "python", "original": "a", "perturbed": "b", "steps": "none"}',
    ].join('\n'),
  );
  write('null-output.jsonl', 'null\n');
  write('corrupt-output.jsonl', 'garbage\n');
  fs.mkdirSync(path.join(dir, 'adir.py'));
  // a file every read of fails (EIO): an unreadable file that even root cannot read
  const unreadable = fs.existsSync('/proc/self/mem');
  if (unreadable) fs.symlinkSync('/proc/self/mem', path.join(dir, 'mem.py'));
  fs.symlinkSync(path.join(dir, 'nowhere.py'), path.join(dir, 'dangling.py'));
  const missingFolder = path.join(dir, 'no', 'such', 'folder', 'out.jsonl');

  const cases: Case[] = [
    // perturb
    { args: ['perturb', 'missing.py'], code: 2, says: /missing\.py: no such file/ },
    { args: ['perturb', 'dangling.py'], code: 2, says: /dangling\.py: no such file/ },
    { args: ['perturb', 'adir.py'], code: 2, says: /adir\.py is a folder/ },
    { args: ['perturb', 'noext'], code: 2, says: /cannot tell the language of noext/ },
    ...(unreadable ? [{ args: ['perturb', 'mem.py'], code: 1, says: /cannot read mem\.py: input\/output error/ }] : []),
    { args: ['perturb', 'empty.py', '--verify', 'syntax'], code: 2, says: /empty\.py is empty: there is nothing to perturb/ },
    { args: ['perturb', 'blank.py', '--verify', 'syntax'], code: 2, says: /blank\.py is empty/ },
    { args: ['perturb', 'empty.py', '--perturbation', 'ren', '--verify', 'syntax'], code: 2, says: /empty\.py is empty/ },
    { args: ['perturb', 'syntax.py', '--verify', 'syntax'], code: 2, says: /syntax\.py does not parse \(line 1/ },
    { args: ['perturb', 'ok.py', '--function', 'nope', '--verify', 'syntax'], code: 2, says: /no function named nope in this python file; it has: f/ },
    { args: ['perturb', 'ok.py', '--function', ''], code: 2, says: /--function needs a value/ },
    { args: ['perturb', 'ok.py', '--methods', 'nope'], code: 2, says: /unknown method nope/ },
    { args: ['perturb', 'ok.py', '--methods', ','], code: 2, says: /--methods needs one or more method ids/ },
    { args: ['perturb', 'ok.py', '--lang', 'cobol'], code: 2, says: /unknown language cobol/ },
    { args: ['perturb', 'ok.py', '--seed', 'abc'], code: 2, says: /--seed needs a number, not "abc"/ },
    { args: ['perturb', 'ok.py', '--max-iter', '-1'], code: 2, says: /--max-iter needs a whole number/ },
    { args: ['perturb', 'ok.py', '--timeout', '1e7'], code: 2, says: /--timeout takes at most 2147483 seconds/ },
    { args: ['perturb', 'ok.py', '--threshold', 'NaN'], code: 2, says: /--threshold needs a number/ },
    { args: ['perturb', 'ok.py', '--bogus'], code: 2, says: /perturb has no option --bogus/ },
    { args: ['perturb', 'ok.py', '--verify', 'full'], code: 2, says: /--verify takes syntax, compile, test/ },
    { args: ['perturb', 'ok.py', '--verify', 'test', '--test-cmd', 'true', '--test-file', 'adir.py'], code: 2, says: /--test-file adir\.py is a folder/ },
    { args: ['perturb', 'ok.py', '--verify', 'test', '--input', 'adir.py'], code: 2, says: /--input adir\.py is a folder/ },
    { args: ['perturb', 'ok.py', '--verify', 'test', '--input', 'missing.txt'], code: 2, says: /--input missing\.txt: no such file/ },
    { args: ['perturb', 'ok.py', '--verify', 'syntax', '--quiet', '--save', '--entries', 'adir.py'], code: 2, says: /--entries adir\.py is a folder/ },
    { args: ['perturb'], code: 2, says: /give a source file/ },
    // transform
    { args: ['transform', 'ok.py'], code: 2, says: /transform needs --method ID/ },
    { args: ['transform', 'ok.py', '--method', 'nope'], code: 2, says: /unknown method nope/ },
    { args: ['transform', 'ok.py', '--method', 'add-arguments', '--site', '99', '--verify', 'syntax'], code: 2, says: /--site 99 does not exist/ },
    { args: ['transform', 'ok.py', '--method', 'if-to-switch', '--verify', 'syntax'], code: 1, says: /if-to-switch has no site in this unit/ },
    { args: ['transform', 'empty.py', '--method', 'variable-rename', '--verify', 'syntax'], code: 2, says: /empty\.py is empty/ },
    // similarity
    { args: ['similarity', 'ok.py'], code: 2, says: /similarity compares two files, got 1/ },
    { args: ['similarity', 'ok.py', 'adir.py'], code: 2, says: /adir\.py is a folder/ },
    { args: ['similarity', 'ok.py', 'syntax.py'], code: 2, says: /syntax\.py does not parse/ },
    { args: ['similarity', 'ok.py', 'ok.py', '--function', 'nope'], code: 2, says: /no function named nope/ },
    { args: ['similarity', 'ok.py', 'ok.py', '--mu', '2'], code: 2, says: /--mu needs a number from 0 to 1/ },
    ...(unreadable ? [{ args: ['similarity', 'ok.py', 'mem.py'], code: 1, says: /cannot read mem\.py/ }] : []),
    // pair
    { args: ['pair', 'ok.py'], code: 2, says: /pair needs --function NAME/ },
    { args: ['pair', 'ok.py', '--function', 'nope'], code: 2, says: /no function named nope/ },
    { args: ['pair', 'empty.py', '--function', 'f'], code: 2, says: /no function named f/ },
    { args: ['pair', 'ok.py', '--function', 'f', '--description', 'adir.py'], code: 2, says: /--description adir\.py is a folder/ },
    { args: ['pair', 'ok.py', '--function', 'f', '--description', 'missing.md'], code: 2, says: /--description missing\.md: no such file/ },
    { args: ['pair', 'ok.py', '--function', 'f', '--save', '--entries', 'adir.py', '--force'], code: 2, says: /--entries adir\.py is a folder/ },
    { args: ['pair', 'ok.py', '--function', 'f', '--force'], code: 2, says: /--force only goes with --save/ },
    // completion
    { args: ['completion', 'missing.jsonl'], code: 2, says: /missing\.jsonl: no such file/ },
    { args: ['completion', 'adir.py'], code: 2, says: /the entries file adir\.py is a folder/ },
    { args: ['completion', 'entries.jsonl'], code: 1, says: /no completion task could be made/, before: true },
    { args: ['completion', 'ok.py'], code: 1, says: /ok\.py has no perturbed entries/, before: true },
    { args: ['completion', 'entries.jsonl', '--lines', '0'], code: 2, says: /--lines: 0 is not a line count/ },
    // dataset
    { args: ['dataset', 'ok.jsonl'], code: 2, says: /dataset needs --out FILE/ },
    { args: ['dataset', 'missing.jsonl', '--out', 'o1.jsonl'], code: 2, says: /missing\.jsonl: no such file/ },
    { args: ['dataset', 'adir.py', '--out', 'o1.jsonl'], code: 2, says: /adir\.py is a folder/ },
    ...(unreadable ? [{ args: ['dataset', 'mem.py', '--out', 'o1.jsonl'], code: 1, says: /cannot read mem\.py/ }] : []),
    { args: ['dataset', 'ok.jsonl', '--out', 'adir.py'], code: 2, says: /--out adir\.py is a folder/ },
    { args: ['dataset', 'ok.jsonl', '--out', 'adir.py', '--resume'], code: 2, says: /--out adir\.py is a folder/ },
    { args: ['dataset', 'ok.jsonl', '--out', missingFolder, '--verify', 'syntax'], code: 2, says: /out\.jsonl: its folder does not exist: create it first/ },
    { args: ['dataset', 'ok.jsonl', '--out', 'null-output.jsonl', '--resume'], code: 2, says: /null-output\.jsonl line 1 is not a JSON record/ },
    { args: ['dataset', 'ok.jsonl', '--out', 'corrupt-output.jsonl', '--resume'], code: 2, says: /corrupt-output\.jsonl line 1 is not a JSON record/ },
    { args: ['dataset', 'ok.jsonl', '--out', 'o2.jsonl', '--workers', '0'], code: 2, says: /--workers needs a whole number from 1 to 64/ },
    { args: ['dataset', 'ok.jsonl', '--out', 'o2.jsonl', '--shard', '3/2'], code: 2, says: /--shard 3\/2: K must be from 0 to N-1/ },
    { args: ['dataset', 'ok.jsonl', '--out', 'o2.jsonl', '--function', 'f'], code: 2, says: /dataset takes the function from each record's entry_point/ },
    // corrupt records fail alone, each with its reason in the output; the run says so in one line
    { args: ['dataset', 'bad.jsonl', '--out', 'o3.jsonl', '--verify', 'syntax', '--quiet'], code: 1, says: /every record failed: the "error" field of each line in o3\.jsonl says why/ },
    { args: ['dataset', 'huge.jsonl', '--out', 'o4.jsonl', '--lang', 'python', '--verify', 'syntax', '--quiet'], code: 1, says: /every record failed/ },
    // methods, and the command itself
    { args: ['methods', '--lang', 'cobol'], code: 2, says: /unknown language cobol/ },
    { args: ['methods', 'extra'], code: 2, says: /methods takes no file, got extra/ },
    { args: ['methods', '--json=1'], code: 2, says: /--json takes no value/ },
    { args: ['frobnicate'], code: 2, says: /unknown command frobnicate/ },
  ];

  for (const c of cases) {
    it(`codemorph ${c.args.map((a) => (a === missingFolder ? 'no/such/folder/out.jsonl' : a || "''")).join(' ')}`, () => {
      check(cli(c.args, { cwd: dir }), c);
    });
  }

  it('a bad record names its line and what is wrong, in the output', () => {
    const records = fs.readFileSync(path.join(dir, 'o3.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as { error: string });
    assert.deepStrictEqual(
      records.map((r) => r.error.split(':')[0]),
      ['line 1', 'line 2', 'line 5', 'line 6', 'line 7', 'line 8', 'line 9'],
    );
    const huge = JSON.parse(fs.readFileSync(path.join(dir, 'o4.jsonl'), 'utf8')) as { error: string };
    assert.match(huge.error, /too large/);
  });

  it('completion skips malformed entries, saying which and why', () => {
    const result = cli(['completion', 'entries.jsonl'], { cwd: dir });
    assert.match(result.stderr, /x: no 1-line task: the entry is malformed: its "perturbed" is not a string/);
    assert.match(result.stderr, /y: no 1-line task: the entry is malformed: a step's provenance/);
  });

  describe('an internal error', () => {
    // a real one: an install whose grammar file is corrupt fails inside the parser, not on user input
    const install = path.join(dir, 'install');
    before(() => {
      fs.mkdirSync(install);
      for (const f of fs.readdirSync(path.join(REPO, 'dist'))) {
        if (f === 'cli.js' || f === 'cli-main.js' || f.endsWith('.wasm')) fs.copyFileSync(path.join(REPO, 'dist', f), path.join(install, f));
      }
      fs.writeFileSync(path.join(install, 'tree-sitter-python.wasm'), 'not a grammar');
    });
    const run = (env: NodeJS.ProcessEnv = {}) => {
      const tmp = fs.mkdtempSync(path.join(dir, 'tmp-'));
      const result = spawnSync(process.execPath, [path.join(install, 'cli.js'), 'perturb', 'ok.py', '--verify', 'syntax'], {
        cwd: dir,
        env: { ...process.env, TMPDIR: tmp, CODEMORPH_VERBOSE: '', ...env },
        encoding: 'utf8',
      });
      return { ...result, tmp };
    };

    it('prints one line saying what failed and the file with the details', () => {
      const result = run();
      assert.strictEqual(result.status, 1, result.stderr);
      const lines = result.stderr.split('\n').filter(Boolean);
      assert.strictEqual(lines.length, 1, result.stderr);
      const m = /^codemorph: internal error: (.+) \(a bug in codemorph; details in (\S+\.log); please attach that file to a bug report\)$/.exec(lines[0]);
      assert.ok(m, lines[0]);
      assert.strictEqual(path.dirname(m[2]), result.tmp, 'the log is in the temporary folder');
      const log = fs.readFileSync(m[2], 'utf8');
      assert.match(log, /^command: codemorph perturb ok\.py --verify syntax$/m);
      assert.match(log, /^\s+at /m, 'the log holds the stack');
    });

    it('with CODEMORPH_VERBOSE=1 prints the details too', () => {
      const result = run({ CODEMORPH_VERBOSE: '1' });
      assert.strictEqual(result.status, 1);
      assert.match(result.stderr, /^\s+at /m);
      assert.match(result.stderr.trim().split('\n').pop()!, /^codemorph: internal error: .* details in \S+\.log/);
    });
  });
});
