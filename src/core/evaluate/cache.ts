import fs = require('fs');
import path = require('path');
import { writeFileAtomic } from '../files';
import { crypto } from '../lazyBuiltins';
import type { ChatMessage, TokenUsage } from '../llm/chat';

/** What decides an answer: a request with the same key gets the same answer from the cache. */
export interface CacheKey {
  model: string;
  messages: ChatMessage[];
  temperature: number;
  maxTokens: number | null;
  /** Which of the n samples: at temperature 0 the samples would otherwise be one answer. */
  sample: number;
}

export interface CachedAnswer {
  text: string;
  usage: TokenUsage;
}

export function cacheKey(key: CacheKey): string {
  return crypto().createHash('sha256').update(JSON.stringify([key.model, key.messages, key.temperature, key.maxTokens, key.sample])).digest('hex');
}

/**
 * Answers on disk, one small file per request (`DIR/ab/abcdef....json`), each written atomically:
 * a re-run, another task on the same items, or a run stopped halfway sends no request twice.
 * The key is not stored in the file, nor anything about the endpoint: a cache holds no credential.
 */
export class ResponseCache {
  constructor(readonly dir: string) {}

  private file(hash: string): string {
    return path.join(this.dir, hash.slice(0, 2), `${hash}.json`);
  }

  get(hash: string): CachedAnswer | undefined {
    let raw: string;
    try {
      raw = fs.readFileSync(this.file(hash), 'utf8');
    } catch {
      return undefined;
    }
    try {
      const value = JSON.parse(raw) as CachedAnswer;
      if (typeof value.text === 'string' && value.usage && typeof value.usage.promptTokens === 'number') return value;
    } catch {
      // a damaged file is asked again and replaced
    }
    return undefined;
  }

  put(hash: string, answer: CachedAnswer): void {
    writeFileAtomic(this.file(hash), `${JSON.stringify({ text: answer.text, usage: answer.usage })}\n`);
  }
}
