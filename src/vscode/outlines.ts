import type * as vscode from 'vscode';
import type { GrammarLoader } from '../core/languages/grammarLoader';
import { LanguageId, languageFromEditorId } from '../core/languages/languageIds';
import type { FunctionSpan } from '../core/languages/outline';
import { documentStamp } from './documentStamp';
import { engine } from './engineLoader';

const KEPT = 16;

/**
 * The functions of open documents, by document state (documentStamp). The cursor tracker, the views and the
 * decorations all ask for them, often for the same version: one parse serves them all.
 */
export class Outlines implements vscode.Disposable {
  private readonly cache = new Map<string, Promise<FunctionSpan[]>>();

  constructor(private readonly loader: () => GrammarLoader) {}

  /** Functions of the document as it is now; empty for a language CodeMorph does not support. */
  of(document: vscode.TextDocument): Promise<FunctionSpan[]> {
    const lang = languageFromEditorId(document.languageId);
    if (!lang) return Promise.resolve([]);
    const key = documentStamp(document);
    let outline = this.cache.get(key);
    if (!outline) {
      outline = engine().outlineFunctions(this.loader(), lang, document.getText());
      this.cache.set(key, outline);
      outline.catch(() => this.cache.delete(key));
      // oldest first: Map keeps insertion order
      while (this.cache.size > KEPT) this.cache.delete(this.cache.keys().next().value!);
    }
    return outline;
  }

  /** Functions of some text (a step's state), not cached: used once. */
  ofText(lang: LanguageId, text: string): Promise<FunctionSpan[]> {
    return engine().outlineFunctions(this.loader(), lang, text);
  }

  dispose(): void {
    this.cache.clear();
  }
}
