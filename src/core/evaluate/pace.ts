import { sleep } from '../llm/retryPolicy';

/**
 * Requests-per-minute pacing: request starts are spread at least 60 s / rpm apart, in the order
 * they asked, so a run never exceeds an endpoint's quota however many run at once.
 */
export class Pace {
  private next = 0;

  constructor(readonly rpm: number | undefined) {}

  async turn(signal?: AbortSignal): Promise<void> {
    if (!this.rpm) return;
    const now = Date.now();
    const at = Math.max(now, this.next);
    this.next = at + 60_000 / this.rpm;
    if (at > now) await sleep(at - now, signal);
  }
}
