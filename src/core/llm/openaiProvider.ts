import OpenAI from 'openai';
import { CodemorphError } from '../errors';
import type { ChatProvider, ChatRequest, ChatResponse } from './chat';
import { Limiter } from './limiter';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

export interface OpenAiCompatibleOptions {
  baseUrl?: string;
  apiKey: string;
  model: string;
  /** Per request; a request that takes longer is aborted and retried. */
  timeoutMs: number;
  /** Retries on 408, 409, 429, 5xx, timeouts and dropped connections, honouring Retry-After. */
  maxRetries: number;
  /** Shared between providers on one endpoint so the endpoint sees at most this many requests at once. */
  limiter: Limiter;
}

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure's v1 surface, vLLM, Ollama,
 * DeepSeek...) chosen by base URL. The `openai` package does the protocol, the retries with
 * backoff and Retry-After, and the timeouts; the caller's AbortSignal cancels the request itself.
 */
export class OpenAiCompatibleProvider implements ChatProvider {
  readonly kind = 'openai-compatible';
  readonly model: string;
  readonly baseUrl: string;
  private readonly client: OpenAI;
  private readonly limiter: Limiter;

  constructor(options: OpenAiCompatibleOptions) {
    this.model = options.model;
    this.baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    this.limiter = options.limiter;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: this.baseUrl,
      timeout: options.timeoutMs,
      maxRetries: options.maxRetries,
    });
  }

  complete(request: ChatRequest): Promise<ChatResponse> {
    return this.limiter.run(async () => {
      try {
        const completion = await this.client.chat.completions.create(
          {
            model: this.model,
            messages: request.messages,
            temperature: request.temperature,
            max_tokens: request.maxTokens,
          },
          { signal: request.signal },
        );
        return {
          text: completion.choices?.[0]?.message?.content ?? '',
          usage: {
            promptTokens: completion.usage?.prompt_tokens ?? 0,
            completionTokens: completion.usage?.completion_tokens ?? 0,
          },
        };
      } catch (e) {
        throw this.explain(e, request.signal);
      }
    });
  }

  /** The SDK's errors as one line a user can act on; the key never appears in them. */
  private explain(e: unknown, signal?: AbortSignal): CodemorphError {
    const where = `${this.model} at ${this.baseUrl}`;
    if (signal?.aborted || e instanceof OpenAI.APIUserAbortError) return new CodemorphError('cancelled', 'cancelled');
    if (e instanceof OpenAI.APIConnectionTimeoutError) return new CodemorphError('failed', `${where} did not answer in time (after retries): raise the LLM timeout or try later`);
    if (e instanceof OpenAI.APIConnectionError) return new CodemorphError('failed', `cannot reach ${this.baseUrl}: check the base URL and the network`);
    if (e instanceof OpenAI.AuthenticationError) return new CodemorphError('input', `${this.baseUrl} refused the API key (401): set a valid key (CLI: CODEMORPH_API_KEY; editor: CodeMorph: Set API Key)`);
    if (e instanceof OpenAI.NotFoundError) return new CodemorphError('input', `${where} was not found (404): check the model name and the base URL`);
    if (e instanceof OpenAI.RateLimitError) return new CodemorphError('failed', `${where} is rate limited (429) and retries ran out: try later or lower the concurrency`);
    if (e instanceof OpenAI.APIError) return new CodemorphError('failed', `${where} answered ${e.status ?? 'with an error'}: ${String(e.message).split('\n')[0]}`);
    return new CodemorphError('failed', `the request to ${where} failed: ${e instanceof Error ? e.message : String(e)}`);
  }
}
