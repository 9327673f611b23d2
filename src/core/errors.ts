/**
 * Errors a user can act on. `kind` decides the CLI's exit status (usage and input: 2; failed: 1)
 * and the message is the one line the user reads, saying what is wrong and what to do.
 */
export type ErrorKind = 'usage' | 'input' | 'toolchain' | 'failed' | 'cancelled';

export class CodemorphError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /** Compiler or test output behind the message, shown in full where there is room. */
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'CodemorphError';
  }
}

export function usageError(message: string): CodemorphError {
  return new CodemorphError('usage', message);
}

export function inputError(message: string, detail?: string): CodemorphError {
  return new CodemorphError('input', message, detail);
}

export function isCodemorphError(e: unknown): e is CodemorphError {
  return e instanceof CodemorphError;
}

/**
 * An error after which nothing more in the run can succeed (the endpoint rejected the key, or
 * stopped answering): searches and dataset runs pass it on and stop, instead of recording it
 * against one step or one record and carrying on with the next.
 */
export class RunStoppingError extends CodemorphError {}

/** Whether an error ends the whole run: a cancellation or a RunStoppingError. */
export function stopsRun(e: unknown): e is CodemorphError {
  return e instanceof CodemorphError && (e.kind === 'cancelled' || e instanceof RunStoppingError);
}
