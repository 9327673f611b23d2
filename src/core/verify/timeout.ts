/**
 * How a time limit reads in messages: in seconds, the unit users set it in (CLI --timeout,
 * editor codemorph.timeoutSeconds), so "timed out after 60 s" names the number they can raise.
 */
export function timedOutAfter(ms: number): string {
  return `timed out after ${Number((ms / 1000).toFixed(3))} s`;
}

/** What to do about a time limit the original itself cannot keep. */
export const RAISE_TIMEOUT = 'raise the time limit (CLI: --timeout SECONDS; editor: codemorph.timeoutSeconds)';
