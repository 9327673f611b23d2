import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { COMMAND_IDS } from '../../src/vscode/commands';
import { activeApi, workspaceFile } from './helpers';

// Runs first (files run in name order): activation must stay cheap.
describe('activation (in a real VS Code)', () => {
  it('registers every contributed command and loads no grammar', async () => {
    const api = await activeApi();
    assert.strictEqual(api.ctx.loaderCreated, false, 'activation created no grammar loader');
    const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'codemorph')!;
    const contributed = (ext.packageJSON.contributes.commands as { command: string }[]).map((c) => c.command).sort();
    assert.deepStrictEqual([...COMMAND_IDS].sort(), contributed, 'package.json and the command table agree');
    const registered = new Set(await vscode.commands.getCommands(true));
    for (const id of contributed) assert.ok(registered.has(id), `${id} is registered`);
    for (const view of ['codemorph.candidates', 'codemorph.history']) assert.ok(registered.has(`${view}.focus`), `${view} exists`);
  });

  it('marks no walkthrough step done until it happened: a perturbation that could not run marks nothing', async () => {
    const api = await activeApi();
    assert.deepStrictEqual(api.walkthroughDone(), []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // the cursor outside any function: nothing is perturbed
    const doc = await vscode.workspace.openTextDocument(workspaceFile('python/inventory.py'));
    const editor = await vscode.window.showTextDocument(doc);
    const at = doc.positionAt(doc.getText().indexOf('if __name__') + 1);
    editor.selection = new vscode.Selection(at, at);
    assert.strictEqual(await vscode.commands.executeCommand('codemorph.perturbFunction'), undefined);
    assert.deepStrictEqual(api.walkthroughDone(), []);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('declares its colour, walkthrough media and icons, and they exist', () => {
    const ext = vscode.extensions.all.find((e) => e.packageJSON.name === 'codemorph')!;
    const pkg = ext.packageJSON;
    assert.ok(pkg.contributes.colors.some((c: { id: string }) => c.id === 'codemorph.historyForeground'));
    const files = [
      pkg.icon,
      ...pkg.contributes.viewsContainers.activitybar.map((c: { icon: string }) => c.icon),
      ...pkg.contributes.walkthroughs[0].steps.map((s: { media: { svg: string } }) => s.media.svg),
    ];
    for (const file of files) assert.ok(fs.existsSync(path.join(ext.extensionPath, file)), `${file} exists`);
  });
});
