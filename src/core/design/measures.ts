import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { round4 } from '../round';
import { parseUnitText, similarity, UnitText } from '../similarity/similarity';

/**
 * Auto-SPT's measures of a transformation set T (section 3.4), at k = 1, with the distance
 * L(a, b) = 1 - overall similarity (the project's clone-detector stand-in):
 * - diameter D(x) = max over t, t' in T of L(t(x), t'(x))                      (definition 3.1)
 * - diversity Δ(x) = D_T(x) / mean over t in T of D_{T\t}(x)                   (definition 3.2)
 * - strength S(x) = max over t in T of L(x, t(x))            (the left side of lemma 3.3, k = 1)
 * each averaged over the corpus programs; Δ over those where its denominator is not 0.
 */
export interface SetMeasures {
  size: number;
  diameter: number | null;
  diversity: number | null;
  strength: number | null;
  /** Programs the means are over (diversity: those where it is defined). */
  programs: number;
  diversityPrograms: number;
}

/** `outputs[t][x]`: transformation t's verified output on program x (the original when it failed). */
export async function transformationSet(loader: GrammarLoader, lang: LanguageId, originals: string[], outputs: string[][]): Promise<SetMeasures> {
  const size = outputs.length;
  const empty = { size, diameter: null, diversity: null, strength: null, programs: 0, diversityPrograms: 0 };
  if (size === 0) return empty;
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
  for (let x = 0; x < originals.length; x++) {
    if (!originals[x]) continue;
    programs++;
    const outs = outputs.map((o) => o[x]);
    const pair: number[][] = [];
    for (let i = 0; i < size; i++) {
      pair.push([]);
      for (let j = 0; j < size; j++) pair[i].push(j < i ? pair[j][i] : await distance(outs[i], outs[j]));
    }
    const diameterWithout = (skip: number) => {
      let d = 0;
      for (let i = 0; i < size; i++) for (let j = 0; j < size; j++) if (i !== skip && j !== skip) d = Math.max(d, pair[i][j]);
      return d;
    };
    const d = diameterWithout(-1);
    diameters += d;
    let s = 0;
    for (const o of outs) s = Math.max(s, await distance(originals[x], o));
    strengths += s;
    const meanWithout = outputs.map((_, t) => diameterWithout(t)).reduce((a, b) => a + b, 0) / size;
    if (meanWithout > 0) {
      diversities += d / meanWithout;
      diversityPrograms++;
    }
  }
  if (programs === 0) return empty;
  return {
    size,
    diameter: round4(diameters / programs),
    diversity: diversityPrograms ? round4(diversities / diversityPrograms) : null,
    strength: round4(strengths / programs),
    programs,
    diversityPrograms,
  };
}
