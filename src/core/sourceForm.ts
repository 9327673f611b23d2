import { inputError } from './errors';
import { cannotHold, encodeText, FileEncoding, UTF8 } from './text/encoding';
import type { Span } from './text/edits';
import { LineEndings } from './text/lineEndings';

/** A text and a span of it: a unit's state (unit.ts) as this file needs it, so it imports nothing above it. */
interface Spanned {
  text: string;
  unit: Span;
}

/**
 * How the engine's text maps back to the file as the user has it: the file's line endings (the
 * engine works on LF text, see LineEndings) and its encoding. Everything written for the
 * perturbed file (every scratch copy the verifier compiles or runs, `--out`) goes through
 * `bytes`, so the program verified is the program on disk, byte for byte outside the rewrites.
 */
export class SourceForm {
  readonly endings: LineEndings;

  constructor(
    text: string,
    readonly encoding: FileEncoding = UTF8,
  ) {
    this.endings = new LineEndings(text);
  }

  /** The text the engine works on (LF line ends). */
  get text(): string {
    return this.endings.lf;
  }

  /** An engine text with the file's line endings. */
  restore(lfText: string): string {
    return this.endings.restore(lfText);
  }

  /** Why an engine text cannot be written in the file's encoding (a character it cannot hold), or null. */
  unwritable(lfText: string): string | null {
    return cannotHold(lfText, this.encoding);
  }

  /** The file's bytes for an engine text. */
  bytes(lfText: string): Buffer {
    const encoded = encodeText(this.restore(lfText), this.encoding);
    if (Buffer.isBuffer(encoded)) return encoded;
    throw inputError(`${this.unwritable(lfText) ?? 'the text cannot be encoded'}: nothing was written`);
  }

  /** A state's unit text with the file's line endings. */
  unitText(state: Spanned): string {
    if (!this.endings.hasCrlf) return state.text.slice(state.unit.start, state.unit.end);
    const span = this.endings.restoreSpan(state.text, state.unit);
    return this.restore(state.text).slice(span.start, span.end);
  }

  /** A state as the caller's text has it (the editor diffs it against the document). */
  state<S extends Spanned>(state: S): S {
    if (!this.endings.hasCrlf) return state;
    return { ...state, text: this.restore(state.text), unit: this.endings.restoreSpan(state.text, state.unit) };
  }

  /** A span of the caller's text, in the engine's text. */
  span(span: Span): Span {
    return { start: this.endings.toLf(span.start), end: this.endings.toLf(span.end) };
  }
}
