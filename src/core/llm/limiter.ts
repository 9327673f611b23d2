/** At most `limit` tasks at once; the rest wait in arrival order. */
export class Limiter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running++;
    try {
      return await task();
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }
}
