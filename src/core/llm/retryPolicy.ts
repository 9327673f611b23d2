import { CodemorphError } from '../errors';

/** Statuses worth asking again: request timeout, conflict, rate limit, the server's own errors. */
export function retryableStatus(status: number): boolean {
  return status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The wait before retry `n` (1, 2, ...) when the endpoint names none: 0.5 s, 1 s, 2 s, ... at most 8 s. */
export function backoffMs(n: number): number {
  return Math.min(500 * 2 ** (n - 1), 8000);
}

/** What `Retry-After-Ms` or `Retry-After` (seconds or an HTTP date) asks for, in ms; undefined when neither says. */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | undefined {
  const ms = Number.parseFloat(headers?.get('retry-after-ms') ?? '');
  if (Number.isFinite(ms) && ms >= 0) return ms;
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Seconds as messages print them: "3", "0.5", "120". */
export function seconds(ms: number): string {
  return String(Math.round(ms / 100) / 10);
}

/** Waits `ms`, or rejects as cancelled as soon as the signal aborts. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new CodemorphError('cancelled', 'cancelled'));
    const done = () => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    };
    const timer = setTimeout(done, ms);
    const cancel = () => {
      clearTimeout(timer);
      reject(new CodemorphError('cancelled', 'cancelled'));
    };
    signal?.addEventListener('abort', cancel, { once: true });
  });
}
