import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { round4 } from '../round';
import { parseUnitText, similarity, UnitText } from '../similarity/similarity';

/**
 * Auto-SPT's measures of a transformation set T (section 3.4), k steps, with the distance
 * L(a, b) = 1 - overall similarity (the project's clone-detector stand-in):
 * - diameter D_k(x) = max over sequences s, s' of k methods of T of L(s(x), s'(x))   (definition 3.1)
 * - diversity Δ_k(x) = D_k^T(x) / mean over t in T of D_k^{T\t}(x), where T\t's sequences are
 *   those that do not use t                                                           (definition 3.2)
 * - strength S_k(x) = max over sequences s of L(x, s(x))        (the left side of lemma 3.3)
 * each averaged over the corpus programs; Δ over those where its denominator is not 0. The paper
 * estimates them with a search; here every sequence is applied (designer.ts), so they are exact.
 */
export interface SetMeasures {
  size: number;
  /** k: the length of the sequences measured. */
  steps: number;
  diameter: number | null;
  diversity: number | null;
  strength: number | null;
  /** Programs the means are over (diversity: those where it is defined). */
  programs: number;
  diversityPrograms: number;
}

/** One sequence of methods (indices into T, applied in order) and its verified output on each program. */
export interface Sequence {
  uses: readonly number[];
  outputs: readonly string[];
}

/** `outputs[t][x]`: transformation t's verified output on program x (the original when it failed): the k = 1 measures. */
export async function transformationSet(loader: GrammarLoader, lang: LanguageId, originals: string[], outputs: string[][]): Promise<SetMeasures> {
  return sequenceSet(loader, lang, originals, outputs.length, 1, outputs.map((o, t) => ({ uses: [t], outputs: o })));
}

/** The measures of a set of `size` methods from the outputs of every sequence of `steps` of them. */
export async function sequenceSet(loader: GrammarLoader, lang: LanguageId, originals: readonly string[], size: number, steps: number, sequences: readonly Sequence[]): Promise<SetMeasures> {
  const empty = { size, steps, diameter: null, diversity: null, strength: null, programs: 0, diversityPrograms: 0 };
  if (size === 0 || sequences.length === 0) return empty;
  const cache = new Map<string, UnitText>();
  const unit = async (text: string) => {
    let u = cache.get(text);
    if (!u) {
      u = await parseUnitText(loader, lang, text);
      cache.set(text, u);
    }
    return u;
  };
  const distance = async (a: string, b: string) => (a === b ? 0 : 1 - similarity(await unit(a), await unit(b)).overall);
  let diameters = 0;
  let strengths = 0;
  let diversities = 0;
  let programs = 0;
  let diversityPrograms = 0;
  const n = sequences.length;
  for (let x = 0; x < originals.length; x++) {
    if (!originals[x]) continue;
    programs++;
    const outs = sequences.map((q) => q.outputs[x]);
    const pair: number[][] = [];
    for (let i = 0; i < n; i++) {
      pair.push([]);
      for (let j = 0; j < n; j++) pair[i].push(j < i ? pair[j][i] : await distance(outs[i], outs[j]));
    }
    const diameterWithout = (skip: number) => {
      let d = 0;
      for (let i = 0; i < n; i++) {
        if (sequences[i].uses.includes(skip)) continue;
        for (let j = 0; j < n; j++) if (!sequences[j].uses.includes(skip)) d = Math.max(d, pair[i][j]);
      }
      return d;
    };
    const d = diameterWithout(-1);
    diameters += d;
    let s = 0;
    for (const o of outs) s = Math.max(s, await distance(originals[x], o));
    strengths += s;
    let without = 0;
    for (let t = 0; t < size; t++) without += diameterWithout(t);
    const meanWithout = without / size;
    if (meanWithout > 0) {
      diversities += d / meanWithout;
      diversityPrograms++;
    }
  }
  if (programs === 0) return empty;
  return {
    size,
    steps,
    diameter: round4(diameters / programs),
    diversity: diversityPrograms ? round4(diversities / diversityPrograms) : null,
    strength: round4(strengths / programs),
    programs,
    diversityPrograms,
  };
}
