import * as assert from 'assert';
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parse } from '../support/harness';
import { cli, CliResult, reason } from '../support/cli';
import { REPO } from '../support/harness';
import { SourceForm } from '../../src/core/sourceForm';
import { decodeSource, encodeText } from '../../src/core/text/encoding';
import { selectUnit } from '../../src/core/unit';
import { Verifier } from '../../src/core/verify/verifier';

/** Issue 28: a file's bytes outside the rewritten spans come out as they went in, in every encoding it may be in. */

/** byte_sum("caf\xE9x") in Latin-1 is 99 + 97 + 102 + 233 + 120 = 651; read as UTF-8 with U+FFFD in place of the byte, 1037. */
const LATIN1_C = Buffer.concat([
  Buffer.from(
    '#include <stdio.h>\n\nint byte_sum(const char *s) {\n    int total = 0;\n    for (int i = 0; s[i] != 0; i++) {\n        if (s[i] != 0) {\n            total += (unsigned char)s[i];\n        }\n    }\n    return total;\n}\n\n/* caf',
  ),
  Buffer.from([0xe9]),
  Buffer.from(' au lait */\nint main(void) {\n    printf("%d\\n", byte_sum("caf'),
  Buffer.from([0xe9]),
  Buffer.from('x"));\n    return 0;\n}\n'),
]);

const LATIN1_PY = Buffer.concat([
  Buffer.from('# -*- coding: latin-1 -*-\n\n\ndef byte_sum(s):\n    total = 0\n    for c in s:\n        if ord(c) > 0:\n            total += ord(c)\n    return total\n\n\nprint(byte_sum("caf'),
  Buffer.from([0xe9]),
  Buffer.from('x"), len("caf'),
  Buffer.from([0xe9]),
  Buffer.from('"))\n'),
]);

/** A test command that passes only when the scratch copy holds the file's own bytes (an é as 0xE9, no U+FFFD). */
const HOLDS_LATIN1 = `python3 -c "import sys; b = open(sys.argv[1], 'rb').read(); sys.exit(0 if b'\\xe9' in b and b'\\xef\\xbf\\xbd' not in b else 1)" {file}`;

function oneLineFailure(result: CliResult, code: number): string {
  assert.strictEqual(result.code, code, `exit ${result.code}\n${result.stderr}`);
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  assert.strictEqual(lines.length, 1, `one line on stderr, got:\n${result.stderr}`);
  assert.doesNotMatch(result.stderr, /\n\s+at /, 'no stack trace');
  return lines[0];
}

function run(command: string, args: string[], cwd: string): string {
  return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** Methods that rewrite only inside the function (not its callers): every byte outside it must stay. */
const INSIDE = 'variable-rename,for-while,add-condition,insert-junk-loop,modify-operations,equi-boolean-logic,extract-if,statement-wrapping';

/** The bytes both share at the start and the end: what a run must leave as it was. */
function sharedEnds(a: Buffer, b: Buffer): { head: number; tail: number } {
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a[a.length - 1 - tail] === b[b.length - 1 - tail]) tail++;
  return { head, tail };
}

describe('faults: encodings (bytes in = bytes out)', function () {
  this.timeout(240_000);
  let dir: string;

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-encoding-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('a Latin-1 C file perturbed with --verify test still prints 651, and --out keeps every byte outside the rewritten function', () => {
    const file = path.join(dir, 'latin1.c');
    fs.writeFileSync(file, LATIN1_C);
    run('gcc', ['-o', 'before', file], dir);
    assert.strictEqual(run(path.join(dir, 'before'), [], dir), '651\n');
    const out = path.join(dir, 'out.c');
    const result = cli(['perturb', file, '--function', 'byte_sum', '--encoding', 'latin1', '--verify', 'test', '--methods', INSIDE, '--seed', '3', '--max-iter', '8', '--json', '--quiet', '--out', out]);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.ok(doc.steps.filter((s: { accepted: boolean }) => s.accepted).length >= 3, 'several steps were kept');
    assert.ok(doc.file.includes('caf\u00e9x'), 'the JSON document holds the text, é decoded from Latin-1');
    const written = fs.readFileSync(out);
    assert.ok(!written.includes(Buffer.from([0xef, 0xbf, 0xbd])), 'no replacement character');
    assert.ok(!written.includes(Buffer.from('\u00e9')), 'no é in UTF-8');
    run('gcc', ['-o', 'after', out], dir);
    assert.strictEqual(run(path.join(dir, 'after'), [], dir), '651\n');
    // the include before the function, the comment and main() after it are byte for byte the input's
    const { head, tail } = sharedEnds(LATIN1_C, written);
    assert.ok(head >= LATIN1_C.indexOf('int byte_sum'), `the head is kept (${head} bytes)`);
    assert.ok(tail >= LATIN1_C.length - LATIN1_C.indexOf('/* caf'), `the tail is kept (${tail} bytes)`);
  });

  it('the original the verifier tests is the file on disk: a test that needs its 0xE9 byte passes on the original', () => {
    const file = path.join(dir, 'latin1.c');
    fs.writeFileSync(file, LATIN1_C);
    const result = cli(['perturb', file, '--function', 'byte_sum', '--encoding', 'latin1', '--verify', 'test', '--test-cmd', HOLDS_LATIN1, '--max-iter', '3', '--quiet']);
    assert.strictEqual(result.code, 0, result.stderr);
  });

  it('a Latin-1 file without --encoding is refused with exit 2: one line naming the file, the line, the byte and what to do', () => {
    const file = path.join(dir, 'latin1.c');
    fs.writeFileSync(file, LATIN1_C);
    const out = path.join(dir, 'out.c');
    const line = oneLineFailure(cli(['perturb', file, '--function', 'byte_sum', '--out', out]), 2);
    assert.match(line, /latin1\.c: line 13 has byte 0xE9, which is not utf-8: convert the file to UTF-8, or name its encoding with --encoding/);
    assert.ok(!fs.existsSync(out), 'nothing written');
    // transform and similarity read the same way
    assert.match(oneLineFailure(cli(['transform', file, '--method', 'for-while', '--function', 'byte_sum']), 2), /line 13 has byte 0xE9/);
    assert.match(oneLineFailure(cli(['similarity', file, file]), 2), /line 13 has byte 0xE9/);
  });

  it('--encoding: a name CodeMorph cannot write back, and a byte the named encoding lacks, exit 2 with one line', () => {
    const file = path.join(dir, 'latin1.c');
    fs.writeFileSync(file, LATIN1_C);
    assert.match(oneLineFailure(cli(['perturb', file, '--encoding', 'shift_jis']), 2), /shift_jis is a multi-byte encoding .* convert the file to UTF-8/);
    assert.match(oneLineFailure(cli(['perturb', file, '--encoding', 'klingon']), 2), /klingon is not an encoding CodeMorph knows/);
    assert.match(oneLineFailure(cli(['perturb', file, '--encoding', 'ascii']), 2), /line 13 has byte 0xE9, which is not us-ascii/);
  });

  it('a Latin-1 Python file with a coding declaration is perturbed in Latin-1 and verified as it is on disk', () => {
    const file = path.join(dir, 'latin1.py');
    fs.writeFileSync(file, LATIN1_PY);
    assert.strictEqual(run('python3', [file], dir), '651 4\n');
    const out = path.join(dir, 'out.py');
    const result = cli(['perturb', file, '--function', 'byte_sum', '--verify', 'test', '--methods', INSIDE, '--seed', '2', '--max-iter', '6', '--quiet', '--out', out]);
    assert.strictEqual(result.code, 0, result.stderr);
    assert.strictEqual(run('python3', [out], dir), '651 4\n');
    const written = fs.readFileSync(out);
    assert.ok(!written.includes(Buffer.from([0xef, 0xbf, 0xbd])));
    const { head, tail } = sharedEnds(LATIN1_PY, written);
    assert.ok(head >= 27, 'the declaration is kept');
    assert.ok(tail >= LATIN1_PY.length - LATIN1_PY.indexOf('print('), 'the print line keeps its 0xE9 bytes');
    const tested = cli(['perturb', file, '--function', 'byte_sum', '--verify', 'test', '--test-cmd', HOLDS_LATIN1, '--max-iter', '3', '--quiet']);
    assert.strictEqual(tested.code, 0, tested.stderr);
  });

  it('a UTF-8 file with a BOM keeps exactly one BOM; the JSON text has none', () => {
    const file = path.join(dir, 'bom.py');
    const source = '\ufeffdef total(xs):\n    t = 0\n    for x in xs:\n        if x > 2:\n            t += x\n    return t\n\n\nprint(total([1, 2, 3, 4]), "h\u00e9")\n';
    fs.writeFileSync(file, source);
    const out = path.join(dir, 'out.py');
    const result = cli(['perturb', file, '--function', 'total', '--verify', 'test', '--seed', '2', '--max-iter', '4', '--json', '--quiet', '--out', out]);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.ok(!doc.file.includes('\ufeff'), 'the text has no BOM');
    const written = fs.readFileSync(out);
    assert.deepStrictEqual([...written.subarray(0, 4)], [0xef, 0xbb, 0xbf, 0x64], 'one BOM, then the code');
    assert.ok(written.toString('utf8').endsWith(`print(${doc.entryPoint}([1, 2, 3, 4]), "h\u00e9")\n`));
    assert.strictEqual(run('python3', [out], dir), '7 h\u00e9\n');
  });

  it('a UTF-16 file with a BOM (little and big endian) comes out in UTF-16 with its BOM', () => {
    const source = 'function total(xs) {\n  let t = 0;\n  for (const x of xs) {\n    if (x > 2) {\n      t += x;\n    }\n  }\n  return t;\n}\nconsole.log(total([1, 2, 3, 4]), "\u00e9\u20ac\ud83d\ude00");\n';
    for (const bigEndian of [false, true]) {
      const file = path.join(dir, `u16${bigEndian ? 'be' : 'le'}.js`);
      const le = Buffer.from(`\ufeff${source}`, 'utf16le');
      const bytes = bigEndian ? Buffer.from(le).swap16() : le;
      fs.writeFileSync(file, bytes);
      const out = path.join(dir, `out${bigEndian ? 'be' : 'le'}.js`);
      const result = cli(['perturb', file, '--function', 'total', '--verify', 'syntax', '--methods', 'insert-junk-loop,add-condition', '--json', '--quiet', '--out', out]);
      assert.strictEqual(result.code, 0, result.stderr);
      const doc = JSON.parse(result.stdout);
      const written = fs.readFileSync(out);
      assert.deepStrictEqual([...written.subarray(0, 2)], bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
      const text = (bigEndian ? Buffer.from(written).swap16() : written).subarray(2).toString('utf16le');
      assert.strictEqual(text, doc.file);
      assert.ok(text.endsWith(`console.log(${doc.entryPoint}([1, 2, 3, 4]), "\u00e9\u20ac\ud83d\ude00");\n`));
      assert.notStrictEqual(text, source, 'the function was perturbed');
    }
  });

  it('a rename keeps the encoding and the line endings of the other project files it rewrites', () => {
    fs.cpSync(path.join(REPO, 'test', 'fixtures', 'projects', 'python'), dir, { recursive: true });
    const app = path.join(dir, 'app.py');
    const appBytes = Buffer.concat([
      Buffer.from('# coding: latin-1\r\nfrom ops import add\r\n\r\n\r\ndef twice(x):\r\n    return add(x, x)\r\n\r\n\r\nGREETING = "caf'),
      Buffer.from([0xe9]),
      Buffer.from('"\r\n\r\nif __name__ == \'__main__\':\r\n    print(twice(5))\r\n'),
    ]);
    fs.writeFileSync(app, appBytes);
    const ops = path.join(dir, 'ops.py');
    const result = cli(['transform', ops, '--method', 'function-rename', '--function', 'add', '--verify', 'test', '--json', '--out', ops]);
    assert.strictEqual(result.code, 0, result.stderr);
    const doc = JSON.parse(result.stdout);
    assert.ok('app.py' in doc.files, 'app.py was rewritten');
    const written = fs.readFileSync(app);
    const expected = Buffer.from(appBytes.toString('latin1').replace(/\badd\b/g, doc.entryPoint), 'latin1');
    assert.ok(written.equals(expected), `app.py keeps Latin-1 and CRLF:\n${JSON.stringify(written.toString('latin1'))}`);
    assert.strictEqual(run('python3', ['-m', 'unittest', '-q', 'test_ops'], dir), '');
  });

  it('a character the encoding cannot hold is never written: the step is rejected and --out refuses it', async () => {
    const text = 'def f(x):\n    return x + 1\n';
    const form = new SourceForm(text, { name: 'iso-8859-1', bom: false });
    assert.strictEqual(form.unwritable('def f(x):\n    return "\u00e9"\n'), null);
    assert.match(form.unwritable('def f(x):\n    return "\u20ac"\n')!, /line 2 would hold U\+20AC '€', which the file's encoding \(iso-8859-1\) cannot hold/);
    assert.throws(() => form.bytes('x = "\u20ac"\n'), /cannot hold.*nothing was written/);
    const tree = await parse('python', text);
    const verifier = new Verifier('python', { level: 'syntax', toolchains: {}, timeoutMs: 60_000, form }, text);
    try {
      const original = selectUnit('python', tree, text, {});
      const candidate = { ...original, text: 'def f(x):\n    return "\u20ac" + x\n' };
      const verdict = await verifier.verify(candidate, tree, []);
      assert.match(verdict.reason ?? '', /U\+20AC/);
    } finally {
      tree.delete();
      verifier.dispose();
    }
  });

  it('decoding: nothing substituted, every byte round-trips, and the first bad byte is located', () => {
    const latin1 = Buffer.from([...Array(256).keys()].filter((b) => b !== 0));
    const decoded = decodeSource(latin1, { encoding: 'latin-1' });
    assert.ok('text' in decoded);
    assert.ok((encodeText(decoded.text, decoded.encoding) as Buffer).equals(latin1));
    for (const name of ['cp1252', 'iso8859_15', 'koi8_r', 'windows-1251', 'mac_roman']) {
      const result = decodeSource(Buffer.from('a\n\nb\xa9\xc0', 'latin1'), { encoding: name });
      assert.ok('text' in result, name);
      assert.ok((encodeText(result.text, result.encoding) as Buffer).equals(Buffer.from('a\n\nb\xa9\xc0', 'latin1')), name);
    }
    const bad = decodeSource(Buffer.from('ok\nok\n\xc3\x28\n', 'latin1'));
    assert.deepStrictEqual('at' in bad && bad.at, { offset: 6, line: 3, byte: 0xc3 });
    // overlong forms, surrogates and truncated sequences are not UTF-8 either
    for (const bytes of [[0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]]) {
      assert.ok('problem' in decodeSource(Buffer.from(bytes)), bytes.join(' '));
    }
    assert.ok('problem' in decodeSource(Buffer.from([0xff, 0xfe, 0x00, 0xd8, 0x41, 0x00])), 'a lone surrogate in UTF-16');
  });
});
