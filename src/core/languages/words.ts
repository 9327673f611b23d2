/** A set of the whitespace-separated words of the texts (the profiles' word lists). */
export function words(...texts: string[]): ReadonlySet<string> {
  return new Set(texts.join(' ').split(/\s+/).filter(Boolean));
}

/** The words of every set, in order, once each. */
export function unionOf(...sets: ReadonlySet<string>[]): ReadonlySet<string> {
  return new Set(sets.flatMap((s) => [...s]));
}
