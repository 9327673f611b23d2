/**
 * One interface for every model CodeMorph talks to: OpenAI-compatible endpoints through the
 * `openai` package in the engine, and VS Code's Language Model API in the editor.
 */
export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface ChatRequest {
  messages: ChatMessage[];
  temperature?: number;
  maxTokens?: number;
  signal?: AbortSignal;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
}

export interface ChatResponse {
  text: string;
  usage: TokenUsage;
}

export interface ChatProvider {
  /** Where the model lives, for records and messages: "openai-compatible", "vscode-lm". */
  readonly kind: string;
  readonly model: string;
  /** The endpoint, when there is one (never holds the key). */
  readonly baseUrl?: string;
  complete(request: ChatRequest): Promise<ChatResponse>;
}

/** A provider with fixed sampling settings: a voter is a model at a temperature. */
export interface ModelChoice {
  provider: ChatProvider;
  temperature: number;
  maxTokens?: number;
}
