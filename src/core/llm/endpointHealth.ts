import { CodemorphError, RunStoppingError } from '../errors';

/**
 * Failed requests in a row after which the endpoint counts as down and the run stops. Each
 * failure has already used its request's whole deadline or retries, so with the default 120 s a
 * dead endpoint costs a run at most about 3 x 120 s instead of every iteration's worth.
 */
export const FAILURES_IN_A_ROW = 3;

/**
 * What one run has learnt about its endpoint, shared by all the run's providers: a rejected key,
 * or FAILURES_IN_A_ROW requests in a row that timed out, could not connect or ran out of
 * retries, end every later request at once without sending it.
 */
export class EndpointHealth {
  private stopped: RunStoppingError | undefined;
  private streak = 0;

  /** Throws what stopped the run, if anything did. */
  check(): void {
    if (this.stopped) throw this.stopped;
  }

  /** The endpoint answered (a completion, or an error about the request itself): it is not down. */
  answered(): void {
    this.streak = 0;
  }

  /** The key is refused: nothing else can succeed, so the run stops with this error. */
  stop(error: RunStoppingError): RunStoppingError {
    this.stopped ??= error;
    return this.stopped;
  }

  /** A request failed for the endpoint's sake: the error to throw, which stops the run once too many failed in a row. */
  failed(error: CodemorphError): CodemorphError {
    if (this.stopped) return this.stopped;
    if (++this.streak < FAILURES_IN_A_ROW) return error;
    return this.stop(new RunStoppingError('failed', `${FAILURES_IN_A_ROW} LLM requests in a row failed, so the run stops (the last: ${error.message})`));
  }
}
