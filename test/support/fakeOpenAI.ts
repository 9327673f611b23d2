import * as http from 'http';
import type { AddressInfo } from 'net';

/** What the server does with one request. */
export interface Reply {
  status?: number;
  headers?: Record<string, string>;
  /** The assistant message's content (a normal completion). */
  content?: string;
  /** A raw body instead of a completion (error payloads). */
  body?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer: no status line, no headers (a hung endpoint); the connection stays open until the client leaves. */
  hang?: boolean;
  /** Send the status, the headers and half the body, then nothing more (a stream that stalls). */
  stallAfterHeaders?: boolean;
  usage?: { prompt_tokens: number; completion_tokens: number };
}

export interface SeenRequest {
  body: { model: string; messages: { role: string; content: string }[]; temperature?: number; max_tokens?: number };
  authorization: string | undefined;
  /** Set when the client went away before the answer was sent. */
  aborted: boolean;
}

export type Responder = (request: SeenRequest, index: number) => Reply;

/**
 * A real HTTP server on 127.0.0.1 that speaks the OpenAI chat-completions protocol, answering
 * as each test scripts it. Nothing leaves loopback: the LLM tests and `bench:llm` run against it.
 */
export class FakeOpenAI {
  readonly requests: SeenRequest[] = [];
  private server: http.Server | undefined;
  private responder: Responder = () => ({ status: 500, body: '{"error":{"message":"no script"}}' });
  private queue: Reply[] = [];

  /** Replies in order; when the queue is empty the responder answers. */
  script(...replies: Reply[]): this {
    this.queue.push(...replies);
    return this;
  }

  respond(responder: Responder): this {
    this.responder = responder;
    return this;
  }

  reset(): void {
    this.requests.length = 0;
    this.queue = [];
  }

  async start(): Promise<string> {
    this.server = http.createServer((req, res) => this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${port}/v1`;
  }

  /** Resolves once the server has seen `count` requests (checked every 20 ms). */
  async seen(count = 1): Promise<void> {
    while (this.requests.length < count) await new Promise((r) => setTimeout(r, 20));
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private handle(req: http.IncomingMessage, res: http.ServerResponse): void {
    let raw = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (raw += chunk));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      const seen: SeenRequest = { body: JSON.parse(raw), authorization: req.headers.authorization, aborted: false };
      const index = this.requests.push(seen) - 1;
      const reply = this.queue.shift() ?? this.responder(seen, index);
      res.on('close', () => {
        if (!res.writableFinished) seen.aborted = true;
      });
      const send = () => {
        if (res.destroyed) return;
        const status = reply.status ?? 200;
        const body =
          reply.body ??
          JSON.stringify({
            id: `chatcmpl-${index}`,
            object: 'chat.completion',
            created: 0,
            model: seen.body.model,
            choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content: reply.content ?? '' } }],
            usage: { ...(reply.usage ?? { prompt_tokens: 100, completion_tokens: 20 }), total_tokens: 0 },
          });
        res.writeHead(status, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)), ...reply.headers });
        if (reply.stallAfterHeaders) res.write(body.slice(0, Math.floor(body.length / 2)));
        else res.end(body);
      };
      if (reply.hang) return;
      if (reply.delayMs) setTimeout(send, reply.delayMs);
      else send();
    });
  }
}

/** Whether a request is a voter's (the voter prompt's role) rather than a perturbation. */
export function isVote(request: SeenRequest): boolean {
  return request.body.messages.some((m) => m.role === 'system' && m.content.includes('equivalence'));
}

/** The unit the perturbation prompt carries (between the Code section's fences). */
export function promptedCode(request: SeenRequest): string {
  const user = request.body.messages.find((m) => m.role === 'user')?.content ?? '';
  const m = /## Code\n```[a-z]*\n([\s\S]*?)\n```/.exec(user);
  return m ? m[1] : '';
}

export function answer(code: string, entryPoint: string): string {
  return JSON.stringify({ code, entry_point: entryPoint });
}

/**
 * A FakeOpenAI for one mocha suite: started before its tests, reset before each, stopped after.
 * `url()` is its base URL once started.
 */
export function suiteServer(): { server: FakeOpenAI; url: () => string } {
  const server = new FakeOpenAI();
  let url = '';
  before(async () => {
    url = await server.start();
  });
  after(() => server.stop());
  beforeEach(() => server.reset());
  return { server, url: () => url };
}
