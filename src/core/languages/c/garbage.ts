/**
 * C has no local functions: GBC's dead-loop function goes before the function, defined and never
 * called (codecrash/gbc.ts, for `codecrash.deadLoopBeforeFunction`). `u` is one indentation unit.
 */
export function deadLoopFunction(name: string, u: string): string[] {
  return [`static void ${name}(void) {`, `${u}for (;;) {`, `${u}}`, '}'];
}
