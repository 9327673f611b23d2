import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CodemorphApi } from '../../src/extension';
import { playAgents, RewriteAnswer, userText } from '../rewrite/playedAgents';
import { FakeOpenAI } from '../support/fakeOpenAI';
import { activeApi, closeAll, noticesDuring, openAt, waitFor, workspaceFile } from './helpers';
import { ADD_DOCSTRING, FIXTURE, offered, POOL, PROBLEMS, startRewrite } from './rewriteFixture';

function diffTabs(): vscode.TabInputTextDiff[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.input)).filter((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff);
}

describe('Rewrite problem text… (DyCodeEval in the editor)', () => {
  const server = new FakeOpenAI();
  let api: CodemorphApi;

  const play = (rewrites?: RewriteAnswer, judge?: (t: string) => boolean) => {
    server.reset();
    server.respond(playAgents(rewrites, judge));
  };

  before(async () => {
    api = await activeApi();
    const baseUrl = await server.start();
    await api.ctx.extension.secrets.store('codemorph.apiKey', 'sk-rewrite-test');
    await vscode.workspace.getConfiguration('codemorph.llm').update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codemorph.llm').update('model', 'rewrite-model', vscode.ConfigurationTarget.Global);
    fs.mkdirSync(path.dirname(workspaceFile(FIXTURE)), { recursive: true });
    fs.writeFileSync(workspaceFile(FIXTURE), PROBLEMS);
    fs.rmSync(workspaceFile(POOL), { force: true });
  });

  after(async () => {
    await closeAll();
    await vscode.workspace.getConfiguration('codemorph.llm').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codemorph.llm').update('model', undefined, vscode.ConfigurationTarget.Global);
    await server.stop();
    fs.rmSync(path.dirname(workspaceFile(FIXTURE)), { recursive: true, force: true });
    fs.rmSync(workspaceFile(POOL), { force: true });
  });

  afterEach(() => closeAll());

  it('shows the variant as a diff, changes nothing until Apply, and applies it as one undoable edit of the docstring only', async () => {
    play();
    const editor = await openAt(FIXTURE, 'return [x + k');
    const before = editor.document.getText();
    const running = startRewrite();
    const offer = await offered(api);
    // the pool was grown to the core's size and written to the workspace, as `codemorph rewrite` does
    const pool = JSON.parse(fs.readFileSync(workspaceFile(POOL), 'utf8')) as { scenarios: unknown[] };
    assert.strictEqual(pool.scenarios.length, 50);
    assert.ok(server.requests.every((r) => r.authorization === 'Bearer sk-rewrite-test'));

    const diff = await waitFor('the diff', () => diffTabs().find((d) => d.modified.scheme === 'codemorph'));
    assert.strictEqual(diff.original.scheme, 'codemorph');
    const shown = api.ctx.virtualDocuments.text(diff.modified)!;
    assert.strictEqual(api.ctx.virtualDocuments.text(diff.original), before);
    assert.ok(shown.includes(`"""In ${offer.variant.scenario.name}: Add k to every number of xs.\n    >>> add([1, 2], 3)\n    [4, 5]\n    """`), shown);
    // the offer waits: give an eager edit time to land before saying none did
    await new Promise((r) => setTimeout(r, 500));
    assert.strictEqual(editor.document.getText(), before, 'nothing changed before Apply');
    assert.strictEqual(editor.document.isDirty, false);
    assert.strictEqual(offer.variant.attempts, 1);
    assert.strictEqual(offer.variant.executed, true);

    offer.choose('Apply');
    const result = await running;
    assert.ok(result?.applied);
    const after = editor.document.getText();
    assert.strictEqual(after, shown);
    const at = before.indexOf(ADD_DOCSTRING);
    assert.strictEqual(after.slice(0, at), before.slice(0, at), 'the text before the docstring is untouched');
    assert.strictEqual(after.slice(after.length - (before.length - at - ADD_DOCSTRING.length)), before.slice(at + ADD_DOCSTRING.length), 'the text after it too');
    await vscode.commands.executeCommand('undo');
    assert.strictEqual(editor.document.getText(), before, 'one undo takes the whole rewrite back');
  });

  it('Discard leaves the document as it was', async () => {
    play();
    const editor = await openAt(FIXTURE, 'return [x + k');
    const before = editor.document.getText();
    const running = startRewrite();
    (await offered(api)).choose('Discard');
    const result = await running;
    assert.strictEqual(result?.applied, false);
    assert.strictEqual(editor.document.getText(), before);
    assert.strictEqual(editor.document.isDirty, false);
  });

  it('a rewrite the judge rejects is generated again with the next scenario', async () => {
    play((original, _entry, attempt, scenario) => (attempt === 1 ? `In ${scenario}: ${original.replace('every number', 'every other number')}` : `In ${scenario}: ${original}`));
    await openAt(FIXTURE, 'return [x + k');
    const running = startRewrite();
    const offer = await offered(api);
    assert.strictEqual(offer.variant.attempts, 2);
    assert.match(offer.variant.rejected[0], /^the judge found it asks something else/);
    assert.ok(!offer.variant.statement.includes('every other'));
    offer.choose('Discard');
    await running;
  });

  it("a rewrite whose example no longer holds on the function is rejected by running it, without asking the judge", async () => {
    play((original, _entry, attempt, scenario) => `In ${scenario}: ${attempt === 1 ? original.replace('[4, 5]', '[4, 6]') : original}`);
    await openAt(FIXTURE, 'return [x + k');
    const running = startRewrite();
    const offer = await offered(api);
    assert.strictEqual(offer.variant.attempts, 2);
    assert.match(offer.variant.rejected[0], /^an example of the rewritten statement does not hold/);
    assert.strictEqual(server.requests.filter((r) => userText(r).startsWith('Two statements')).length, 1, 'one judgement: the rejected rewrite was never judged');
    offer.choose('Discard');
    await running;
  });

  it("a method's docstring keeps the method's indentation", async () => {
    play();
    const editor = await openAt(FIXTURE, 'return [x * k');
    const before = editor.document.getText();
    const running = startRewrite();
    const offer = await offered(api);
    offer.choose('Apply');
    assert.ok((await running)?.applied);
    assert.strictEqual(
      editor.document.getText(),
      before.replace('        """Multiply every number of xs by k."""', `        """In ${offer.variant.scenario.name}: Multiply every number of xs by k.\n        """`),
    );
  });

  it('a function with no docstring gets a one-line message and no request', async () => {
    play();
    const editor = await openAt(FIXTURE, 'return a + 1');
    const before = editor.document.getText();
    const { result, notices } = await noticesDuring(api, () => startRewrite());
    assert.strictEqual(result, undefined);
    assert.strictEqual(server.requests.length, 0);
    assert.strictEqual(editor.document.getText(), before);
    assert.deepStrictEqual(
      notices.map((n) => n.message),
      ['no_doc has no docstring to rewrite: put the problem statement in a """docstring""" as the function\'s first statement.'],
    );
  });

  it('without a stored key, says how to set one and sends nothing', async () => {
    play();
    await api.ctx.extension.secrets.delete('codemorph.apiKey');
    try {
      await openAt(FIXTURE, 'return [x + k');
      const { result, notices } = await noticesDuring(api, () => startRewrite());
      assert.strictEqual(result, undefined);
      assert.strictEqual(server.requests.length, 0);
      assert.strictEqual(notices.length, 1);
      assert.match(notices[0].message, /need an API key: run "CodeMorph: Set API Key"/);
      assert.ok(!notices[0].message.includes('\n'));
    } finally {
      await api.ctx.extension.secrets.store('codemorph.apiKey', 'sk-rewrite-test');
    }
  });

  it('an endpoint that refuses the key stops at once with a one-line message', async () => {
    server.reset();
    server.respond(() => ({ status: 401, body: '{"error":{"message":"invalid key"}}' }));
    const editor = await openAt(FIXTURE, 'return [x + k');
    const before = editor.document.getText();
    const { result, notices } = await noticesDuring(api, () => startRewrite());
    assert.strictEqual(result, undefined);
    assert.strictEqual(editor.document.getText(), before);
    assert.strictEqual(notices[notices.length - 1].message, 'the endpoint rejected the key; run "CodeMorph: Set API Key"');
  });
});
