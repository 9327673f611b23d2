import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { CodemorphApi } from '../../../src/extension';
import { RESTRICTED_REWRITE_MESSAGE } from '../../../src/vscode/rewriteProblem';
import { playAgents } from '../../rewrite/playedAgents';
import { FakeOpenAI } from '../../support/fakeOpenAI';
import { activeApi, closeAll, openAt, workspaceFile } from '../helpers';
import { FIXTURE, offered, PROBLEMS, startRewrite } from '../rewriteFixture';

// Restricted Mode for real: the function's examples are workspace code, so they are not run; the
// judge alone checks the rewrite, and the user is told so and how to trust.
describe('Rewrite problem text… in Restricted Mode', () => {
  const server = new FakeOpenAI();
  let api: CodemorphApi;

  before(async () => {
    api = await activeApi();
    const baseUrl = await server.start();
    await api.ctx.extension.secrets.store('codemorph.apiKey', 'sk-rewrite-test');
    await vscode.workspace.getConfiguration('codemorph.llm').update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
    fs.mkdirSync(path.dirname(workspaceFile(FIXTURE)), { recursive: true });
    fs.writeFileSync(workspaceFile(FIXTURE), PROBLEMS);
  });

  after(async () => {
    await closeAll();
    await vscode.workspace.getConfiguration('codemorph.llm').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await server.stop();
    fs.rmSync(path.dirname(workspaceFile(FIXTURE)), { recursive: true, force: true });
    fs.rmSync(workspaceFile('.codemorph/scenarios.json'), { force: true });
  });

  it('runs no example, says so, and lets the judge alone decide', async () => {
    assert.strictEqual(vscode.workspace.isTrusted, false);
    // a rewrite with a wrong example: only running it would catch that, and nothing runs here
    server.respond(playAgents((original, _entry, _attempt, scenario) => `In ${scenario}: ${original.replace('[4, 5]', '[4, 6]')}`));
    const editor = await openAt(FIXTURE, 'return [x + k');
    const before = editor.document.getText();
    const mark = api.ctx.notices.length ? api.ctx.notices[api.ctx.notices.length - 1] : undefined;
    const running = startRewrite();
    const offer = await offered(api);
    const notices = api.ctx.notices.slice(mark ? api.ctx.notices.lastIndexOf(mark) + 1 : 0);
    assert.ok(notices.some((n) => n.level === 'warning' && n.message === RESTRICTED_REWRITE_MESSAGE));
    assert.strictEqual(offer.variant.executed, false);
    assert.strictEqual(offer.variant.attempts, 1);
    assert.ok(offer.variant.statement.includes('[4, 6]'));
    offer.choose('Discard');
    assert.strictEqual((await running)?.applied, false);
    assert.strictEqual(editor.document.getText(), before);
  });
});
