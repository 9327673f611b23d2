/** Identifier words: splitting `maxValue` / `max_value` into parts and joining them back. */

export type NameStyle = 'snake' | 'camel' | 'pascal' | 'upper';

export function splitIdentifier(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1_$2')
    .split(/_+/)
    .filter(Boolean)
    .map((p) => p.toLowerCase());
}

export function styleOf(name: string, fallback: NameStyle): NameStyle {
  const core = name.replace(/^_+/, '');
  if (/^[A-Z0-9_]+$/.test(core) && /[A-Z]/.test(core) && core.length > 1) return 'upper';
  if (core.includes('_')) return 'snake';
  if (/^[A-Z]/.test(core)) return 'pascal';
  if (/[A-Z]/.test(core)) return 'camel';
  return fallback;
}

export function joinIdentifier(parts: readonly string[], style: NameStyle): string {
  const words = parts.filter(Boolean);
  switch (style) {
    case 'snake':
      return words.join('_');
    case 'upper':
      return words.join('_').toUpperCase();
    case 'pascal':
      return words.map(capitalise).join('');
    case 'camel':
      return words.map((w, i) => (i === 0 ? w : capitalise(w))).join('');
  }
}

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Meaningful names for variables a method adds and never uses. */
export const SPARE_VARIABLE_WORDS: readonly (readonly string[])[] = [
  ['offset'], ['spare'], ['marker'], ['pending'], ['limit', 'hint'], ['scratch'], ['checkpoint'],
  ['retry', 'budget'], ['padding'], ['cursor', 'base'], ['sentinel'], ['batch', 'size'], ['attempts'],
];

/** Names for the counters of loops that never run. */
export const IDLE_LOOP_WORDS: readonly (readonly string[])[] = [
  ['retry'], ['attempt'], ['pass', 'index'], ['warmup'], ['round'], ['probe'], ['drain'], ['tick'],
];
