import vscode = require('vscode');
import type { ChatProvider, ChatRequest, ChatResponse } from '../core/llm/chat';
import { engine } from './engineLoader';

/**
 * VS Code's Language Model API as a provider: whatever chat models the user's extensions offer
 * (Copilot and others), picked by family or id. The API has no system role, so the system
 * message goes first as a user message; token counts come from the model's own counter.
 */
export class VsCodeLmProvider implements ChatProvider {
  readonly kind = 'vscode-lm';

  private constructor(
    private readonly chat: vscode.LanguageModelChat,
    /** One deadline per request, as for an OpenAI-compatible endpoint (codemorph.llm.timeoutSeconds). */
    private readonly timeoutMs: number,
  ) {}

  get model(): string {
    return this.chat.id;
  }

  static async select(selector: string, timeoutMs: number): Promise<VsCodeLmProvider> {
    const byFamily = await vscode.lm.selectChatModels(selector ? { family: selector } : {});
    const models = byFamily.length || !selector ? byFamily : await vscode.lm.selectChatModels({ id: selector });
    if (!models.length) {
      throw new (engine().CodemorphError)(
        'input',
        selector
          ? `no language model "${selector}" is available in VS Code: install or sign in to a chat model extension, or change codemorph.llm.model`
          : 'no language model is available in VS Code: install or sign in to a chat model extension, or use an OpenAI-compatible endpoint',
      );
    }
    return new VsCodeLmProvider(models[0], timeoutMs);
  }

  /**
   * One request under one deadline. The work is raced against the token, so a cancel or the
   * deadline ends it at once even when the model's extension is slow to honour the token.
   */
  async complete(request: ChatRequest): Promise<ChatResponse> {
    const { CodemorphError } = engine();
    const source = new vscode.CancellationTokenSource();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      source.cancel();
    }, this.timeoutMs);
    const onAbort = () => source.cancel();
    request.signal?.addEventListener('abort', onAbort, { once: true });
    if (request.signal?.aborted) source.cancel();
    const stopped = new Promise<never>((_, reject) => source.token.onCancellationRequested(() => reject(new Error('cancelled'))));
    stopped.catch(() => undefined);
    try {
      const work = this.ask(request, source.token);
      work.catch(() => undefined);
      return await Promise.race([work, stopped]);
    } catch (e) {
      if (request.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      if (timedOut) throw new CodemorphError('failed', `the language model ${this.chat.name} timed out after ${Math.round(this.timeoutMs / 100) / 10} s: raise codemorph.llm.timeoutSeconds or try later`);
      if (e instanceof vscode.LanguageModelError) throw new CodemorphError('failed', `the language model ${this.chat.name} failed: ${e.message}`);
      throw e;
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      source.dispose();
    }
  }

  private async ask(request: ChatRequest, token: vscode.CancellationToken): Promise<ChatResponse> {
    const messages = request.messages.map((m) =>
      m.role === 'assistant' ? vscode.LanguageModelChatMessage.Assistant(m.content) : vscode.LanguageModelChatMessage.User(m.content),
    );
    const response = await this.chat.sendRequest(
      messages,
      { justification: 'CodeMorph rewrites the selected code and checks the rewrite with the model.', modelOptions: { temperature: request.temperature } },
      token,
    );
    let text = '';
    for await (const part of response.text) text += part;
    const prompt = await Promise.all(messages.map((m) => this.chat.countTokens(m, token)));
    return { text, usage: { promptTokens: prompt.reduce((a, b) => a + b, 0), completionTokens: await this.chat.countTokens(text, token) } };
  }
}
