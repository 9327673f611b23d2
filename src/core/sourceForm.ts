import type { EngineRequest } from './engine';
import { inputError } from './errors';
import type { StepRecord } from './search/types';
import { cannotHold, encodeText, FileEncoding, UTF8 } from './text/encoding';
import type { Span } from './text/edits';
import { LineEndings } from './text/lineEndings';
import { UnitState, unitText } from './unit';

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
  unitText(state: UnitState): string {
    if (!this.endings.hasCrlf) return unitText(state);
    const span = this.endings.restoreSpan(state.text, state.unit);
    return this.restore(state.text).slice(span.start, span.end);
  }

  /** A state as the caller's text has it (the editor diffs it against the document). */
  state(state: UnitState): UnitState {
    if (!this.endings.hasCrlf) return state;
    return { ...state, text: this.restore(state.text), unit: this.endings.restoreSpan(state.text, state.unit) };
  }

  /** A span of the caller's text, in the engine's text. */
  span(span: Span): Span {
    return { start: this.endings.toLf(span.start), end: this.endings.toLf(span.end) };
  }
}

/**
 * The request as the engine works on it: LF text (the selector's offsets and the baseline
 * moved with it) and the form to write the file back in, which the verifier writes every scratch
 * copy with. `onStep` gets its states back with the file's line endings. Idempotent.
 */
export function inSourceForm<R extends EngineRequest>(req: R): R {
  if (req.verify.form) return req;
  const form = new SourceForm(req.text, req.encoding);
  const { selector, onStep } = req;
  return {
    ...req,
    text: form.text,
    selector: {
      ...selector,
      ...(selector.offset !== undefined ? { offset: form.endings.toLf(selector.offset) } : {}),
      ...(selector.range ? { range: form.span(selector.range) } : {}),
      ...(selector.extent ? { extent: form.span(selector.extent) } : {}),
    },
    ...(req.baseline !== undefined ? { baseline: req.baseline.replace(/\r\n/g, '\n') } : {}),
    verify: { ...req.verify, form },
    ...(onStep ? { onStep: (step: StepRecord, after: UnitState) => onStep(step, form.state(after)) } : {}),
  };
}

/** The document's `original`, `perturbed` and `file`, with the file's line endings. */
export function documentTexts(req: EngineRequest, original: UnitState, final: UnitState): { original: string; perturbed: string; file: string } {
  const form = req.verify.form;
  if (!form) return { original: unitText(original), perturbed: unitText(final), file: final.text };
  return { original: form.unitText(original), perturbed: form.unitText(final), file: form.restore(final.text) };
}
