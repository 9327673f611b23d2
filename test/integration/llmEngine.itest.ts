import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import type { PerturbationDocument } from '../../src/core/engine';
import { answer, FakeOpenAI, isVote, promptedCode, Reply, SeenRequest } from '../support/fakeOpenAI';
import { activeApi, openAt, useSettings, workspaceFile } from './helpers';

/** Answers every perturbation with the unit as it is, and every vote with True. */
function sameUnit(req: SeenRequest): Reply {
  if (isVote(req)) return { content: 'True' };
  const entry = /The entry point is `([^`]+)`/.exec(req.body.messages[1].content)?.[1] ?? '';
  return { content: answer(promptedCode(req), entry) };
}

describe('the hybrid and llm engines in the editor', () => {
  const server = new FakeOpenAI();
  const config = () => vscode.workspace.getConfiguration('codemorph');

  let restore: () => Promise<void>;

  before(async () => {
    // a shorter search: the calls per step, not their number, are what these tests check
    restore = await useSettings({ iterations: 6 });
    const baseUrl = await server.start();
    const api = await activeApi();
    await api.ctx.extension.secrets.store('codemorph.apiKey', 'sk-editor-test');
    await vscode.workspace.getConfiguration('codemorph.llm').update('baseUrl', baseUrl, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codemorph.llm').update('model', 'editor-model', vscode.ConfigurationTarget.Global);
    server.respond(sameUnit);
  });

  after(async () => {
    await config().update('engine', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codemorph.llm').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codemorph.llm').update('model', undefined, vscode.ConfigurationTarget.Global);
    await server.stop();
    await restore();
  });

  afterEach(() => vscode.commands.executeCommand('workbench.action.files.revert'));

  it('llm: every step goes to the model with the key from secret storage and is voted on', async () => {
    await config().update('engine', 'llm', vscode.ConfigurationTarget.Global);
    server.reset();
    await openAt('python/inventory.py', 'def restock_plan');
    const result = (await vscode.commands.executeCommand('codemorph.perturbFunction')) as PerturbationDocument;
    assert.ok(result, 'the command returned a result');
    assert.strictEqual(result.engine, 'llm');
    const asked = result.steps.filter((s) => s.method);
    assert.ok(asked.length > 0 && asked.every((s) => s.engine === 'llm'));
    assert.ok(asked.filter((s) => s.accepted).every((s) => s.votes?.length === 3));
    assert.ok(server.requests.length > 0 && server.requests.every((r) => r.authorization === 'Bearer sk-editor-test'));
    assert.strictEqual(result.usage!.calls, server.requests.length);
  });

  it('hybrid: local rewrites where they apply, so far fewer calls', async () => {
    await config().update('engine', 'hybrid', vscode.ConfigurationTarget.Global);
    server.reset();
    await openAt('python/inventory.py', 'def restock_plan');
    const result = (await vscode.commands.executeCommand('codemorph.perturbFunction')) as PerturbationDocument;
    assert.ok(result);
    assert.ok(result.steps.some((s) => s.engine === 'local'));
    assert.strictEqual(result.usage!.calls, server.requests.length);
    assert.ok(result.usage!.calls < 17);
  });

  it("a trusted workspace's .codemorph/prompts replace the built-in prompts (Restricted Mode ignores them: restricted/)", async () => {
    const api = await activeApi();
    const builtin = path.join(api.ctx.extension.extensionPath, 'prompts');
    const overrides = workspaceFile('.codemorph/prompts');
    fs.mkdirSync(overrides, { recursive: true });
    for (const name of fs.readdirSync(builtin).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
      fs.writeFileSync(path.join(overrides, name), fs.readFileSync(path.join(builtin, name), 'utf8').replace('## Role\n', '## Role\nWORKSPACE-PROMPT-OVERRIDE. '));
    }
    try {
      await config().update('engine', 'llm', vscode.ConfigurationTarget.Global);
      server.reset();
      await openAt('python/inventory.py', 'def restock_plan');
      const result = (await vscode.commands.executeCommand('codemorph.perturbFunction')) as PerturbationDocument;
      assert.ok(result && server.requests.length > 0);
      assert.ok(server.requests.every((r) => r.body.messages[0].content.startsWith('WORKSPACE-PROMPT-OVERRIDE. ')), 'every request used the workspace prompt');
    } finally {
      fs.rmSync(overrides, { recursive: true, force: true });
    }
  });

  it('a refused key stops the run after one request and points at Set API Key', async () => {
    const api = await activeApi();
    await config().update('engine', 'llm', vscode.ConfigurationTarget.Global);
    server.reset();
    server.respond(() => ({ status: 401, body: '{"error":{"message":"invalid key"}}' }));
    try {
      const editor = await openAt('python/inventory.py', 'def restock_plan');
      const before = editor.document.getText();
      const result = await vscode.commands.executeCommand('codemorph.perturbFunction');
      assert.strictEqual(result, undefined);
      assert.strictEqual(editor.document.getText(), before);
      assert.strictEqual(server.requests.length, 1);
      const notice = api.ctx.notices[api.ctx.notices.length - 1];
      assert.strictEqual(notice.level, 'error');
      assert.strictEqual(notice.message, 'the endpoint rejected the key; run "CodeMorph: Set API Key"');
    } finally {
      server.respond(sameUnit);
    }
  });

  it('a key the endpoint echoes in an error never reaches the output channel or a notification', async () => {
    const api = await activeApi();
    await config().update('engine', 'llm', vscode.ConfigurationTarget.Global);
    server.reset();
    server.respond((req) => (isVote(req) ? { content: 'True' } : { status: 400, body: JSON.stringify({ error: { message: `Incorrect API key provided: ${req.authorization?.replace(/^Bearer /, '')}` } }) }));
    try {
      await openAt('python/inventory.py', 'def restock_plan');
      await vscode.commands.executeCommand('codemorph.perturbFunction');
      assert.ok(server.requests.length > 0);
      const shown = [...api.ctx.recentLog, ...api.ctx.notices.map((n) => n.message)].join('\n');
      assert.match(shown, /Incorrect API key provided: \[redacted\]/);
      assert.ok(!shown.includes('sk-editor-test'), 'the key is in the output channel');
    } finally {
      server.respond(sameUnit);
    }
  });

  // code-server offers no chat models, so only the path where VS Code has none can run here for
  // real; talking to a model through vscode.lm needs a chat-model extension (Copilot or another).
  it("vscode-lm: with no chat model in VS Code, says so and leaves the document alone", async () => {
    const api = await activeApi();
    await config().update('engine', 'llm', vscode.ConfigurationTarget.Global);
    await vscode.workspace.getConfiguration('codemorph.llm').update('provider', 'vscode-lm', vscode.ConfigurationTarget.Global);
    try {
      server.reset();
      const editor = await openAt('python/inventory.py', 'def restock_plan');
      const before = editor.document.getText();
      const result = await vscode.commands.executeCommand('codemorph.perturbFunction');
      assert.strictEqual(result, undefined);
      assert.strictEqual(editor.document.getText(), before);
      assert.strictEqual(server.requests.length, 0);
      assert.match(api.ctx.notices[api.ctx.notices.length - 1].message, /no language model .*available in VS Code/);
    } finally {
      await vscode.workspace.getConfiguration('codemorph.llm').update('provider', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
