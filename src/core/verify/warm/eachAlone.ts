import type { WarmAnswer } from './checker';
import type { WarmSpec } from './helper';

/**
 * A batch for checkers that answer each request of a beam round as they would alone, in one
 * exchange (`{"op":"batch","requests":[...]}` answered by `{"answers":[...]}` in their order):
 * Go's, Python's and TypeScript's. What a batch saves there is the round trips, not the work, so
 * an answer is the request's own: a clean one (exit 0, nothing printed) is taken; any other
 * (a rejection, a message, `unsupported`, an error) is asked again alone, which keeps one path for
 * every verdict that is not a plain acceptance.
 */
export function eachAlone(requests: readonly Record<string, unknown>[]): ReturnType<NonNullable<WarmSpec['batch']>> {
  return {
    request: { op: 'batch', requests },
    clean: (answer) => {
      const answers = answer.answers;
      if (!Array.isArray(answers) || answers.length !== requests.length) return undefined;
      return answers.map((a: WarmAnswer) => !a.error && !a.unsupported && (a.code ?? 0) === 0 && !a.stdout && !a.stderr);
    },
  };
}
