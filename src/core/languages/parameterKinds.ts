import type { ValueKind } from './languageProfile';

/** Every kind of value a new parameter may take, for the languages that can pass each one naturally. */
export const ALL_KINDS: readonly ValueKind[] = ['bool', 'int', 'str', 'object'];
