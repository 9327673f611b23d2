import type { LanguageId } from '../../languages/languageIds';
import { profileOf } from '../../languages/profiles';

/**
 * A record's pieces as one file of its language: the code and its tests one after the other, so
 * that a rename of the entry point reaches every call in the tests, with a marker comment line
 * before each piece after the first so that the perturbed file can be cut back into the fields.
 * Markers sit between top-level pieces only, where a comment changes nothing.
 */
export interface FilePart {
  key: string;
  text: string;
}

export interface ComposedFile {
  text: string;
  keys: string[];
  /** Whether each part ended with a newline: where it did not, composing added one, and cutting takes it off again. */
  ended: boolean[];
}

function markerLine(lang: LanguageId, key: string): string {
  return `${profileOf(lang).lineComment} codemorph-part: ${key}\n`;
}

export function composeParts(lang: LanguageId, parts: readonly FilePart[]): ComposedFile {
  let text = '';
  parts.forEach((part, i) => {
    if (i > 0) text += markerLine(lang, part.key);
    text += part.text;
    if (i < parts.length - 1 && !part.text.endsWith('\n')) text += '\n';
  });
  return { text, keys: parts.map((p) => p.key), ended: parts.map((p) => p.text.endsWith('\n')) };
}

export interface CutPart {
  text: string;
  /** Where the part starts in the file. */
  start: number;
}

/** The parts of a (perturbed) composed file, by key, or why it cannot be cut (a marker went missing). */
export function cutParts(lang: LanguageId, composed: ComposedFile, text: string): Record<string, CutPart> | string {
  const out: Record<string, CutPart> = {};
  let pos = 0;
  for (let i = 1; i < composed.keys.length; i++) {
    const marker = markerLine(lang, composed.keys[i]);
    let at = text.indexOf(marker, pos);
    while (at > 0 && text[at - 1] !== '\n') at = text.indexOf(marker, at + 1);
    if (at < 0) return `the line that marks where the record's ${composed.keys[i]} starts is gone from the perturbed file`;
    let piece = text.slice(pos, at);
    if (!composed.ended[i - 1] && piece.endsWith('\n')) piece = piece.slice(0, -1);
    out[composed.keys[i - 1]] = { text: piece, start: pos };
    pos = at + marker.length;
  }
  out[composed.keys[composed.keys.length - 1]] = { text: text.slice(pos), start: pos };
  return out;
}
