import { CodemorphError } from '../errors';

/** At most `limit` tasks at once; the rest wait in arrival order, or leave the queue when cancelled. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) throw new CodemorphError('cancelled', 'cancelled');
    if (this.running >= this.limit) await this.turn(signal);
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private turn(signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const go = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(go);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(new CodemorphError('cancelled', 'cancelled'));
      };
      this.waiting.push(go);
      signal?.addEventListener('abort', leave, { once: true });
    });
  }
}
