import type * as vscode from 'vscode';

/**
 * Runs a keyed task at most once per `intervalMs` per key, always once more after the last
 * request (trailing), and never twice at the same time: typing fires hundreds of changes, the
 * work behind them (parsing, scoring, repainting) runs a few times a second at most. With
 * `debounce`, each request pushes the run back: work that is only worth doing once the user
 * pauses (listing candidates) waits for the pause.
 */
export class Throttle<K> implements vscode.Disposable {
  private readonly timers = new Map<K, ReturnType<typeof setTimeout>>();
  private readonly running = new Map<K, Promise<void>>();
  private readonly again = new Set<K>();

  constructor(
    private readonly intervalMs: number,
    private readonly task: (key: K) => Promise<void>,
    private readonly debounce = false,
  ) {}

  /** Asks for the task to run for `key` soon; `now` skips the wait (a user's own action). */
  request(key: K, now = false): void {
    if (this.running.has(key)) {
      this.again.add(key);
      return;
    }
    if (this.timers.has(key)) {
      if (!now && !this.debounce) return;
      clearTimeout(this.timers.get(key)!);
    }
    this.timers.set(
      key,
      setTimeout(() => void this.run(key), now ? 0 : this.intervalMs),
    );
  }

  private async run(key: K): Promise<void> {
    this.timers.delete(key);
    const running = this.task(key).catch(() => undefined);
    this.running.set(key, running);
    await running;
    this.running.delete(key);
    if (this.again.delete(key)) this.request(key);
  }

  /** Runs what is pending now and waits until nothing is left (tests, and commands that need fresh results). */
  async flush(): Promise<void> {
    for (let round = 0; round < 10 && (this.timers.size || this.running.size || this.again.size); round++) {
      for (const [key, timer] of [...this.timers]) {
        clearTimeout(timer);
        this.timers.delete(key);
        void this.run(key);
      }
      await Promise.all(this.running.values());
      for (const key of [...this.again]) {
        this.again.delete(key);
        if (!this.running.has(key)) void this.run(key);
      }
      await Promise.all(this.running.values());
    }
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    this.timers.clear();
    this.again.clear();
  }
}
