import { sleep } from '../llm/retryPolicy';

/**
 * Requests-per-minute pacing: request starts are at least 60 s / rpm apart, in the order they
 * asked, so a run never exceeds an endpoint's quota however many run at once. Turns are granted
 * one after another and each is measured from when the previous one was actually granted, not
 * from a slot computed in advance: a stalled event loop would otherwise fire several overdue
 * timers together and send a burst.
 */
export class Pace {
  private last = -Infinity;
  private queue: Promise<void> = Promise.resolve();

  constructor(readonly rpm: number | undefined) {}

  turn(signal?: AbortSignal): Promise<void> {
    if (!this.rpm) return Promise.resolve();
    const interval = 60_000 / this.rpm;
    const granted = this.queue.then(async () => {
      const wait = this.last + interval - Date.now();
      if (wait > 0) await sleep(wait, signal);
      this.last = Date.now();
    });
    // a cancelled turn must not hold up the ones queued behind it
    this.queue = granted.catch(() => undefined);
    return granted;
  }
}
