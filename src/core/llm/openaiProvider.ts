import OpenAI from 'openai';
import { CodemorphError, RunStoppingError } from '../errors';
import { redact, registerSecret } from '../redact';
import type { ChatProvider, ChatRequest, ChatResponse } from './chat';
import { EndpointHealth } from './endpointHealth';
import type { Limiter } from './limiter';
import { backoffMs, retryableStatus, retryAfterMs, seconds, sleep } from './retryPolicy';

export const DEFAULT_BASE_URL = 'https://api.openai.com/v1';

/** What the CLI tells a user whose key the endpoint refuses; the editor names its own command. */
export const CLI_KEY_ADVICE = 'set CODEMORPH_API_KEY';

/**
 * The SDK's own timer, kept out of the way: the provider's deadline is the one that counts.
 * (The SDK times only the wait for the headers, and its retries would start a new timer each.)
 */
const SDK_TIMEOUT_MS = 24 * 3600 * 1000;

export interface OpenAiCompatibleOptions {
  baseUrl?: string;
  apiKey: string;
  model: string;
  /**
   * One deadline per request: connecting, the headers, the whole body, every retry and every
   * wait between them. A request still unanswered then fails with "timed out after N s".
   */
  timeoutMs: number;
  /** Retries at most, within the deadline, on dropped connections, 408, 409, 429 and 5xx. */
  maxRetries: number;
  /** Shared between providers on one endpoint so the endpoint sees at most this many requests at once. */
  limiter: Limiter;
  /** Shared by a run's providers: a refused key or a dead endpoint stops them all (one of its own when absent). */
  health?: EndpointHealth;
  /** What to do about a refused key, after "the endpoint rejected the key; " (default: the CLI's variable). */
  keyAdvice?: string;
}

/** Why an attempt failed, as far as the next one goes. */
type Failure =
  | { kind: 'timeout' }
  | { kind: 'key' }
  /** Worth another attempt after `wait` ms (the endpoint's Retry-After) or the backoff. */
  | { kind: 'retry'; error: CodemorphError; status?: number; wait?: number }
  /** About this request (400, 404, a body that is not a completion): asking again would not help. */
  | { kind: 'final'; error: CodemorphError };

/** What an attempt's race rejects with when its abort fires; whether the deadline or a cancel fired it, attempt() knows. */
const ABORTED = new Error('aborted');

/** The first line of an SDK message, made safe to show (endpoints echo keys in their errors). */
function failure(kind: 'failed' | 'input', message: string): CodemorphError {
  return new CodemorphError(kind, redact(message.split('\n')[0]));
}

/**
 * Any OpenAI-compatible chat-completions endpoint (OpenAI, Azure's v1 surface, vLLM, Ollama,
 * DeepSeek...) chosen by base URL. The `openai` package speaks the protocol; deadlines and
 * retries are done here (the SDK's are off), so that one deadline bounds the whole request,
 * body included, a Retry-After never outlasts it, and cancelling ends the request at once, even
 * between attempts.
 */
export class OpenAiCompatibleProvider implements ChatProvider {
  readonly kind = 'openai-compatible';
  readonly model: string;
  readonly baseUrl: string;
  private readonly client: OpenAI;
  private readonly limiter: Limiter;
  private readonly health: EndpointHealth;
  private readonly timeoutMs: number;
  private readonly maxRetries: number;
  private readonly keyAdvice: string;

  constructor(options: OpenAiCompatibleOptions) {
    // whoever read the key, from here on no message, log or file may show it
    registerSecret(options.apiKey);
    this.model = options.model;
    this.baseUrl = options.baseUrl ?? DEFAULT_BASE_URL;
    this.limiter = options.limiter;
    this.health = options.health ?? new EndpointHealth();
    this.timeoutMs = options.timeoutMs;
    this.maxRetries = options.maxRetries;
    this.keyAdvice = options.keyAdvice ?? CLI_KEY_ADVICE;
    this.client = new OpenAI({
      apiKey: options.apiKey,
      baseURL: this.baseUrl,
      timeout: SDK_TIMEOUT_MS,
      maxRetries: 0,
      // its debug log prints error bodies, which may echo the key, straight to the console
      logLevel: 'off',
    });
  }

  private get where(): string {
    return `${this.model} at ${this.baseUrl}`;
  }

  async complete(request: ChatRequest): Promise<ChatResponse> {
    this.health.check();
    return this.limiter.run(() => this.send(request), request.signal);
  }

  /** Attempts until one succeeds, one fails for good, the retries run out or the deadline passes. */
  private async send(request: ChatRequest): Promise<ChatResponse> {
    const deadline = Date.now() + this.timeoutMs;
    for (let retry = 1; ; retry++) {
      // another request of the run may have found the key refused or the endpoint dead meanwhile
      this.health.check();
      const outcome = await this.attempt(request, deadline);
      if ('text' in outcome) {
        this.health.answered();
        return outcome;
      }
      switch (outcome.kind) {
        case 'key':
          throw this.health.stop(new RunStoppingError('input', `the endpoint rejected the key; ${this.keyAdvice}`));
        case 'timeout':
          throw this.health.failed(failure('failed', `${this.where} timed out after ${seconds(this.timeoutMs)} s: raise the LLM timeout (--llm-timeout, codemorph.llm.timeoutSeconds) or try later`));
        case 'final':
          this.health.answered();
          throw outcome.error;
        case 'retry': {
          if (retry > this.maxRetries) throw this.health.failed(outcome.error);
          const wait = outcome.wait ?? backoffMs(retry);
          if (wait >= deadline - Date.now()) {
            throw this.health.failed(outcome.wait === undefined ? outcome.error : this.waitTooLong(outcome.status, outcome.wait));
          }
          await sleep(wait, request.signal);
        }
      }
    }
  }

  private waitTooLong(status: number | undefined, wait: number): CodemorphError {
    const what = status === 429 ? 'is rate limited (429)' : `answered ${status}`;
    return failure('failed', `${this.where} ${what} and asks to wait ${seconds(wait)} s, longer than the ${seconds(this.timeoutMs)} s a request may take: try later`);
  }

  /**
   * One call under the request's deadline. The SDK's promise is raced against the attempt's own
   * abort, so the deadline and a cancel end it at once whatever the SDK is doing: connecting,
   * waiting for the headers or reading a body that stalls halfway.
   */
  private async attempt(request: ChatRequest, deadline: number): Promise<ChatResponse | Failure> {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, Math.max(0, deadline - Date.now()));
    const cancel = () => controller.abort();
    const aborted = new Promise<never>((_, reject) => controller.signal.addEventListener('abort', () => reject(ABORTED), { once: true }));
    aborted.catch(() => undefined);
    request.signal?.addEventListener('abort', cancel, { once: true });
    if (request.signal?.aborted) controller.abort();
    try {
      const call = this.client.chat.completions.create(
        { model: this.model, messages: request.messages, temperature: request.temperature, max_tokens: request.maxTokens },
        { signal: controller.signal },
      );
      // after an abort the SDK settles on its own, unobserved
      call.catch(() => undefined);
      const completion = await Promise.race([call, aborted]);
      return {
        text: completion.choices?.[0]?.message?.content ?? '',
        usage: {
          promptTokens: completion.usage?.prompt_tokens ?? 0,
          completionTokens: completion.usage?.completion_tokens ?? 0,
        },
      };
    } catch (e) {
      if (request.signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
      if (timedOut) return { kind: 'timeout' };
      return this.classify(e);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    }
  }

  /** The SDK's errors as one line a user can act on, and whether another attempt could help. */
  private classify(e: unknown): Failure {
    if (e instanceof OpenAI.APIConnectionError) {
      return { kind: 'retry', error: failure('failed', `cannot reach ${this.baseUrl}: check the base URL and the network`) };
    }
    if (e instanceof OpenAI.APIError && typeof e.status === 'number') {
      const status = e.status;
      if (status === 401 || status === 403) return { kind: 'key' };
      if (status === 404) return { kind: 'final', error: failure('input', `${this.where} was not found (404): check the model name and the base URL`) };
      if (status === 429) {
        return { kind: 'retry', status, wait: retryAfterMs(e.headers), error: failure('failed', `${this.where} is rate limited (429) and retries ran out: try later or lower the concurrency`) };
      }
      const error = failure('failed', `${this.where} answered ${status}: ${String(e.message).replace(/^\d{3} /, '')}`);
      return retryableStatus(status) ? { kind: 'retry', status, wait: retryAfterMs(e.headers), error } : { kind: 'final', error };
    }
    return { kind: 'final', error: failure('failed', `the request to ${this.where} failed: ${e instanceof Error ? e.message : String(e)}`) };
  }
}
