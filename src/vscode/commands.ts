import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { setApiKey } from './llmSetup';
import { perturbFunction } from './perturbFunction';

type CommandFactory = (ctx: Ctx) => (...args: unknown[]) => unknown;

/** Every command of the extension, by id: one factory each, registered together at activation. */
const COMMANDS: Record<string, CommandFactory> = {
  'codemorph.perturbFunction': perturbFunction,
  'codemorph.setApiKey': (ctx) => setApiKey(ctx.extension.secrets),
};

export function registerCommands(ctx: Ctx): void {
  for (const [id, factory] of Object.entries(COMMANDS)) {
    ctx.push(vscode.commands.registerCommand(id, factory(ctx)));
  }
}
