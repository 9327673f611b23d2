import type { LiteralValue } from './languageProfile';

/** A literal as the C family, Go, Rust, Java and JavaScript write it: strings double-quoted with JSON's escapes, the rest as given. */
export function literalText(literal: LiteralValue): string {
  return literal.kind === 'string' ? JSON.stringify(literal.value) : literal.value;
}
