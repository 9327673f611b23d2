import type * as vscode from 'vscode';
import { registerCommands } from './vscode/commands';
import { Ctx } from './vscode/ctx';

let ctx: Ctx | undefined;

/** What activation returns: a small handle integration tests use to look inside. */
export interface CodemorphApi {
  ctx: Ctx;
}

export function activate(context: vscode.ExtensionContext): CodemorphApi {
  ctx = new Ctx(context);
  context.subscriptions.push(ctx);
  registerCommands(ctx);
  return { ctx };
}

export function deactivate(): void {
  ctx?.dispose();
  ctx = undefined;
}
