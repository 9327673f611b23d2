import path = require('path');
import vscode = require('vscode');
import type { ChatProvider, ModelChoice } from '../core/llm/chat';
import type { LlmSetup } from '../core/llm/llmEngine';
import type { PriceTable } from '../core/llm/usage';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';
import { VsCodeLmProvider } from './lmProvider';
import { designedMethodDirs, promptOverrideDirs } from './trust';

export const API_KEY_SECRET = 'codemorph.apiKey';

interface VoterSetting {
  model?: string;
  temperature?: number;
}

/**
 * The LLM setup from `codemorph.llm.*` settings: an OpenAI-compatible endpoint with the key
 * from SecretStorage (never from settings files), or VS Code's language models; three voters
 * (the same model at three temperatures unless `codemorph.llm.voters` says otherwise).
 */
export async function editorLlmSetup(ctx: Ctx, scope: vscode.ConfigurationScope | undefined): Promise<LlmSetup> {
  const { secrets } = ctx.extension;
  const { asMethod, CodemorphError, DEFAULT_BASE_URL, EndpointHealth, installRoot, Limiter, loadDesignedMethods, OpenAiCompatibleProvider, PromptLibrary, registerSecret } = engine();
  const c = vscode.workspace.getConfiguration('codemorph.llm', scope);
  const kind = c.get<string>('provider', 'openai-compatible');
  const model = c.get<string>('model', 'gpt-4o-mini');
  const limiter = new Limiter(Math.max(1, c.get<number>('concurrency', 4)));
  const timeoutMs = Math.max(1, c.get<number>('timeoutSeconds', 120)) * 1000;
  const health = new EndpointHealth();
  const providers = new Map<string, ChatProvider>();
  let apiKey: string | undefined;
  if (kind === 'openai-compatible') {
    apiKey = await secrets.get(API_KEY_SECRET);
    if (!apiKey) {
      throw new CodemorphError('input', 'the LLM engines need an API key: run "CodeMorph: Set API Key" (for a local server any value will do), or set codemorph.llm.provider to vscode-lm');
    }
    registerSecret(apiKey);
  }
  const provider = async (name: string): Promise<ChatProvider> => {
    let existing = providers.get(name);
    if (!existing) {
      existing =
        kind === 'vscode-lm'
          ? await VsCodeLmProvider.select(name, timeoutMs)
          : new OpenAiCompatibleProvider({
              baseUrl: c.get<string>('baseUrl', DEFAULT_BASE_URL) || DEFAULT_BASE_URL,
              apiKey: apiKey!,
              model: name,
              timeoutMs,
              maxRetries: 3,
              limiter,
              health,
              keyAdvice: 'run "CodeMorph: Set API Key"',
            });
      providers.set(name, existing);
    }
    return existing;
  };
  const configured = c.get<VoterSetting[]>('voters', []);
  const voters: ModelChoice[] = [];
  for (const v of configured.length === 3 ? configured : [{ temperature: 0 }, { temperature: 0.5 }, { temperature: 1 }]) {
    voters.push({ provider: await provider(v.model || model), temperature: v.temperature ?? 0, maxTokens: 16 });
  }
  const folder = scope instanceof vscode.Uri ? vscode.workspace.getWorkspaceFolder(scope) : vscode.workspace.workspaceFolders?.[0];
  const designedDirs = designedMethodDirs(folder?.uri.fsPath);
  return {
    perturber: { provider: await provider(model), temperature: c.get<number>('temperature', 0.7), maxTokens: c.get<number>('maxTokens', 4096) },
    voters,
    prompts: new PromptLibrary(path.join(installRoot(), 'prompts'), promptOverrideDirs(ctx, folder?.uri.fsPath), designedDirs),
    prices: c.get<PriceTable>('prices', {}),
    designed: designedDirs.flatMap(loadDesignedMethods).map(asMethod),
  };
}

/** "CodeMorph: Set API Key": stores the key in SecretStorage, where only this extension reads it. */
export function setApiKey(secrets: vscode.SecretStorage) {
  return async (): Promise<void> => {
    const key = await vscode.window.showInputBox({
      title: 'CodeMorph: API key for the OpenAI-compatible endpoint',
      prompt: 'Stored in VS Code\'s secret storage, never in settings. Leave empty to remove the stored key.',
      password: true,
      ignoreFocusOut: true,
    });
    if (key === undefined) return;
    if (key.trim()) {
      await secrets.store(API_KEY_SECRET, key.trim());
      void vscode.window.showInformationMessage('CodeMorph: the API key is stored.');
    } else {
      await secrets.delete(API_KEY_SECRET);
      void vscode.window.showInformationMessage('CodeMorph: the stored API key is removed.');
    }
  };
}
