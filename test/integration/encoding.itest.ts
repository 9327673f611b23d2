import * as assert from 'assert';
import * as fs from 'fs';
import * as vscode from 'vscode';
import type { BenchmarkEntry } from '../../src/core/benchmark/entries';
import type { ReverifyResult } from '../../src/core/benchmark/reverify';
import type { PerturbationDocument } from '../../src/core/engine';
import { activeApi, clearHistories, closeAll, cursorAt, noticesDuring, useSettings, workspaceFile } from './helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

const FILE = 'python/latin1_greet.py';
const ENTRIES = '.codemorph/entries-encoding.jsonl';

/**
 * A Latin-1 program whose own assert holds only when Python reads its bytes as Latin-1 ("café" is
 * 4 characters; the same text saved as UTF-8 under this coding declaration makes it 5). The test
 * command runs it, so a scratch copy written in UTF-8 fails the tests on the original.
 */
const SOURCE = Buffer.from(
  '# -*- coding: latin-1 -*-\ndef greet(name):\n    total = 0\n    for c in name:\n        total += ord(c)\n    return "caf\u00e9 " + name + str(total)\n\n\nassert len("caf\u00e9") == 4\nprint(greet("x"))\n',
  'latin1',
);

describe('Encodings (in a real VS Code): a windows-1252 document is verified and saved in its own bytes', function () {
  this.timeout(300_000);
  let api: Awaited<ReturnType<typeof activeApi>>;
  let restore: () => Promise<void>;
  let file: string;
  const files = () => vscode.workspace.getConfiguration('files');
  let previousEncoding: string | undefined;

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'test', 'testCommand.python': 'python3 {file}', iterations: 4, seed: 1, entriesFile: ENTRIES });
    // VS Code opens the file in the setting's encoding (it does not read Python's coding declaration)
    previousEncoding = files().inspect<string>('encoding')?.globalValue;
    await files().update('encoding', 'windows1252', vscode.ConfigurationTarget.Global);
    file = workspaceFile(FILE);
    fs.writeFileSync(file, SOURCE);
    await clearHistories(api);
  });

  after(async () => {
    await closeAll();
    await files().update('encoding', previousEncoding, vscode.ConfigurationTarget.Global);
    await restore();
    fs.rmSync(file, { force: true });
    fs.rmSync(workspaceFile(ENTRIES), { force: true });
  });

  it('perturbs with test verification run on the Latin-1 bytes, saves the file and an entry, and re-verifies it in the file', async () => {
    const doc = await vscode.workspace.openTextDocument(file);
    const editor = await vscode.window.showTextDocument(doc);
    // the document API's own encoding, where this VS Code has it (1.100 and later)
    const own = (doc as { encoding?: string }).encoding;
    if (own !== undefined) assert.strictEqual(own, 'windows1252');
    assert.ok(doc.getText().includes('caf\u00e9'), 'VS Code reads the file as windows-1252');
    cursorAt(editor, 'def greet');

    const { result, notices } = await noticesDuring(api, () => run<PerturbationDocument>('codemorph.perturbFunction'));
    assert.ok(result, `the command returns its result (notices: ${JSON.stringify(notices)})`);
    const kept = result.steps.filter((s) => s.accepted);
    // a scratch copy written as UTF-8 fails the program's own assert on the original: nothing is kept
    assert.ok(kept.length > 0 && kept.every((s) => s.verified.test === true), JSON.stringify(result.steps.map((s) => s.reason)));
    assert.strictEqual(doc.getText(), result.file);

    assert.ok(await doc.save(), 'the document was saved');
    const bytes = fs.readFileSync(file);
    assert.ok(bytes.includes(Buffer.from('"caf\u00e9 "', 'latin1')), 'the é is the byte 0xE9');
    assert.ok(!bytes.includes(Buffer.from('\u00e9', 'utf8')) && !bytes.includes(Buffer.from('\ufffd', 'utf8')), 'no UTF-8 and no U+FFFD in the file');

    const saved = await run<BenchmarkEntry>('codemorph.saveEntry');
    assert.ok(saved, 'an entry was saved');
    assert.ok(saved.perturbed.includes('caf\u00e9') && !saved.perturbed.includes('\ufffd'), saved.perturbed);

    const reverified = await run<ReverifyResult>('codemorph.reverifyEntry', { id: saved.id });
    assert.ok(reverified, 're-verify returns its result');
    assert.strictEqual(reverified.context, 'file', 'the entry is found in its Latin-1 source file');
    assert.strictEqual(reverified.ok, true, `${reverified.reason}\n${reverified.output}`);
  });
  it('Perturb all reads a file of no declared encoding in the one VS Code reads it in, and saves its entries with its characters', async () => {
    const c = workspaceFile('batch-encoding/cafe.c');
    fs.mkdirSync(workspaceFile('batch-encoding'), { recursive: true });
    fs.writeFileSync(c, Buffer.from('#include <stdio.h>\n\nint cafe_len(void) {\n    const char *word = "caf\u00e9";\n    int n = 0;\n    while (word[n] != 0) {\n        n = n + 1;\n    }\n    return n;\n}\n\nint main(void) {\n    printf("%d\\n", cafe_len());\n    return 0;\n}\n', 'latin1'));
    try {
      fs.rmSync(workspaceFile(ENTRIES), { force: true });
      const result = await run<{ total: number; failed: { reason: string }[]; skipped: { rel: string; reason: string }[] }>('codemorph.perturbAll', { uris: [vscode.Uri.file(c).toString()], options: { iterations: 2 } });
      assert.ok(result, 'the command returns its result');
      assert.deepStrictEqual(result.skipped, [], 'the windows-1252 file is read, not skipped as unreadable');
      assert.strictEqual(result.total, 2);
      const lines = fs.readFileSync(workspaceFile(ENTRIES), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as BenchmarkEntry);
      const cafe = lines.find((e) => e.source.function === 'cafe_len');
      assert.ok(cafe && cafe.original.includes('caf\u00e9'), lines.map((e) => e.original).join('\n---\n'));
      assert.ok(lines.every((e) => !e.original.includes('\ufffd') && !e.perturbed.includes('\ufffd')), 'no U+FFFD in any entry');
    } finally {
      fs.rmSync(workspaceFile('batch-encoding'), { recursive: true, force: true });
    }
  });
});
