import fs = require('fs');
import path = require('path');
import vscode = require('vscode');
import type { VerifyLevel } from '../core/verify/verifier';
import type { Ctx } from './ctx';

/** The verification a workspace allows: compiling and testing run its code, so only when trusted. */
export function allowedLevel(requested: VerifyLevel, trusted: boolean): VerifyLevel {
  return trusted ? requested : 'syntax';
}

export const RESTRICTED_MESSAGE =
  'Restricted Mode: steps are checked by parsing only. Compiling and testing run code from this workspace (its compilers, build files and test commands), ' +
  'so CodeMorph does that only in a trusted workspace. Trust this workspace to compile and test each step.';

let explained = false;

/**
 * The level to verify with now. In Restricted Mode anything above syntax is lowered to it; the
 * first time in a session the user is told why and how to trust (later runs say it in their
 * result and in the log, without another pop-up).
 */
export function verificationLevel(ctx: Ctx, requested: VerifyLevel): { level: VerifyLevel; restricted: boolean } {
  const level = allowedLevel(requested, vscode.workspace.isTrusted);
  if (level === requested) return { level, restricted: false };
  if (explained) {
    ctx.log(`Restricted Mode: verifying with the parser only instead of ${requested}`);
  } else {
    explained = true;
    void ctx.notify('warning', RESTRICTED_MESSAGE, 'Manage Workspace Trust').then((choice) => choice && vscode.commands.executeCommand('workbench.trust.manage'));
  }
  return { level, restricted: true };
}

export const PROMPTS_IGNORED_MESSAGE =
  'Restricted Mode: the prompt overrides in .codemorph/prompts are ignored and the built-in prompts are used; trust this workspace to use its prompts.';

let promptsExplained = false;

/**
 * The workspace's prompt override folder (`.codemorph/prompts`), only in a trusted workspace: an
 * untrusted one could steer what is sent to the model and what the voters accept. When overrides
 * are there but ignored, the output channel says so once per session.
 */
export function promptOverrideDirs(ctx: Ctx, folder: string | undefined): string[] {
  if (!folder) return [];
  const dir = path.join(folder, '.codemorph', 'prompts');
  if (vscode.workspace.isTrusted) return [dir];
  if (!promptsExplained && fs.existsSync(dir)) {
    promptsExplained = true;
    ctx.log(PROMPTS_IGNORED_MESSAGE);
  }
  return [];
}

/**
 * The workspace's designed methods (`.codemorph/methods`, from `codemorph design-methods`), only in a
 * trusted workspace: like prompt overrides, they are prompts an untrusted folder must not send.
 */
export function designedMethodDirs(folder: string | undefined): string[] {
  if (!folder || !vscode.workspace.isTrusted) return [];
  const dir = path.join(folder, '.codemorph', 'methods');
  return fs.existsSync(dir) ? [dir] : [];
}

/** Once trusted, the next restricted run (should trust be taken back) explains itself again. */
export function watchTrust(ctx: Ctx): void {
  ctx.push(
    vscode.workspace.onDidGrantWorkspaceTrust(() => {
      explained = false;
      ctx.log('workspace trusted: steps are compiled and tested as codemorph.verification says');
    }),
  );
}
