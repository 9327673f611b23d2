import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { BenchmarkEntry, readEntries } from '../../../src/core/benchmark/entries';
import type { PerturbationDocument } from '../../../src/core/engine';
import type { CodemorphApi } from '../../../src/extension';
import { PROMPTS_IGNORED_MESSAGE } from '../../../src/vscode/trust';
import { answer, FakeOpenAI, isVote, promptedCode } from '../../support/fakeOpenAI';
import { activeApi, clearHistories, closeAll, noticesDuring, openAt, useSettings, workspaceFile } from '../helpers';

const run = <T>(command: string, ...args: unknown[]) => vscode.commands.executeCommand(command, ...args) as Thenable<T>;

// What an untrusted workspace controls (its settings, its .codemorph folder) must not reach outside
// it or steer the model. The runner's .vscode/settings.json for this pass points
// codemorph.entriesFile at ../outside.jsonl.
describe('Restricted Mode: the workspace cannot write outside itself nor replace the prompts', () => {
  let api: CodemorphApi;
  let restore: () => Promise<void>;
  const outside = () => path.resolve(workspaceFile('.'), '..', 'outside.jsonl');

  before(async () => {
    api = await activeApi();
    restore = await useSettings({ verification: 'syntax', iterations: 4, seed: 1 });
  });

  after(async () => {
    await restore();
    await closeAll();
  });

  beforeEach(() => clearHistories(api));
  afterEach(() => closeAll());

  it("ignores the workspace's codemorph.entriesFile (a restricted setting): entries go to the default, nothing outside", async () => {
    const written = JSON.parse(fs.readFileSync(workspaceFile('.vscode/settings.json'), 'utf8'));
    assert.strictEqual(written['codemorph.entriesFile'], '../outside.jsonl');
    assert.strictEqual(vscode.workspace.getConfiguration('codemorph').get('entriesFile'), '.codemorph/benchmark.jsonl');
    await openAt('python/inventory.py', 'def restock_plan');
    assert.ok((await run<PerturbationDocument>('codemorph.perturbFunction'))?.steps.some((s) => s.accepted));
    const entry = await run<BenchmarkEntry>('codemorph.saveEntry');
    assert.ok(entry, 'the entry was saved');
    // VS Code hides the ignored value from extensions; the user reads where the entry went
    assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, new RegExp(`^saved ${entry.id} .* to \\.codemorph/benchmark\\.jsonl\\.$`));
    assert.ok(readEntries(workspaceFile('.codemorph/benchmark.jsonl')).entries.some((e) => e.id === entry.id));
    assert.ok(!fs.existsSync(outside()), 'nothing was written outside the workspace');
  });

  it('an entries file outside the workspace (here from user settings) is refused with one line, nothing written', async () => {
    const back = await useSettings({ entriesFile: '../outside.jsonl' });
    try {
      await openAt('python/inventory.py', 'def restock_plan');
      assert.ok((await run<PerturbationDocument>('codemorph.perturbFunction'))?.steps.some((s) => s.accepted));
      const { result, notices } = await noticesDuring(api, () => run('codemorph.saveEntry'));
      assert.strictEqual(result, undefined);
      const said = notices.find((n) => n.level === 'error');
      assert.ok(said, 'the user was told');
      assert.match(said.message, /^codemorph\.entriesFile "\.\.\/outside\.jsonl" is outside the workspace folder .*set codemorph\.entriesFile to a path inside the workspace folder/);
      assert.ok(!said.message.includes('\n'));
      assert.ok(!fs.existsSync(outside()), 'nothing was written outside the workspace');
      const [item] = await api.entries();
      assert.strictEqual(item.label, 'entries file refused');
      assert.strictEqual(item.description, said.message);
    } finally {
      await back();
    }
  });

  it('uses the built-in prompts, not .codemorph/prompts, and says so once in the output channel', async () => {
    // every prompt overridden with a marker, so whichever method the search picks would show it
    const builtin = path.join(api.ctx.extension.extensionPath, 'prompts');
    const overrides = workspaceFile('.codemorph/prompts');
    fs.mkdirSync(overrides, { recursive: true });
    for (const name of fs.readdirSync(builtin).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
      fs.writeFileSync(path.join(overrides, name), fs.readFileSync(path.join(builtin, name), 'utf8').replace('## Role\n', '## Role\nWORKSPACE-PROMPT-OVERRIDE. '));
    }
    const server = new FakeOpenAI();
    const baseUrl = await server.start();
    await api.ctx.extension.secrets.store('codemorph.apiKey', 'sk-restricted-test');
    const back = await useSettings({ engine: 'llm' });
    const llm = vscode.workspace.getConfiguration('codemorph.llm');
    await llm.update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
    server.respond((req) => {
      if (isVote(req)) return { content: 'True' };
      const entry = /The entry point is `([^`]+)`/.exec(req.body.messages[1].content)?.[1] ?? '';
      return { content: answer(promptedCode(req), entry) };
    });
    try {
      for (let i = 0; i < 2; i++) {
        await openAt('python/inventory.py', 'def restock_plan');
        const result = await run<PerturbationDocument>('codemorph.perturbFunction');
        assert.ok(result && result.engine === 'llm', 'the llm engine ran');
        await closeAll();
      }
      assert.ok(server.requests.length > 0, 'the model was asked');
      const texts = server.requests.map((r) => r.body.messages.map((m) => m.content).join('\n'));
      assert.ok(texts.every((t) => !t.includes('WORKSPACE-PROMPT-OVERRIDE')), 'no workspace prompt reached the model');
      assert.ok(texts.some((t) => t.includes('behaves exactly the same for every input')), 'the built-in prompts did');
      assert.strictEqual(api.ctx.recentLog.filter((l) => l === PROMPTS_IGNORED_MESSAGE).length, 1, 'said once, not per run or step');
    } finally {
      await llm.update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
      await back();
      await server.stop();
      fs.rmSync(workspaceFile('.codemorph/prompts'), { recursive: true, force: true });
    }
  });
});
