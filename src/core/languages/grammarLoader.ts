import fs = require('fs');
import path = require('path');
import { Edit, Language, Parser, Query, Tree } from 'web-tree-sitter';
import { changedPart, inSourceOrder, Span, TextEdit } from '../text/edits';
import { lineOf, lineStart } from '../text/lines';
import { grammarWasmFile, LanguageId, RUNTIME_WASM } from './languageIds';
import { registerBinding } from './wasmNodes';
import { Attached } from '../attached';

/**
 * fs.readFile as a promise. Not fs.promises: its module is not in Node's start-up snapshot, and
 * loading it cost a cold CLI run a few milliseconds (issue 8), for the one file read it would serve.
 */
function readBytes(file: string): Promise<Buffer> {
  return new Promise((resolve, reject) => fs.readFile(file, (e, bytes) => (e ? reject(e) : resolve(bytes))));
}

/**
 * Loads web-tree-sitter and its grammars from one folder of wasm files (dist/ in the extension
 * and the CLI, the same dist/ in tests). Grammars load on first use so that activation and a
 * CLI run touching one language pay for that language only.
 */
export class GrammarLoader {
  private runtime: Promise<void> | undefined;
  private readonly languages = new Map<LanguageId, Promise<Language>>();
  private readonly parsers = new Map<LanguageId, Parser>();
  private readonly queries = new Map<string, Query>();
  /** For a tree made by reparseSync: where its syntax differs from the tree it was reparsed from. */
  private readonly changes = new Attached<Tree, Span[]>('changed spans');

  constructor(readonly wasmDir: string) {}

  private init(): Promise<void> {
    if (!this.runtime) {
      const options = { locateFile: (file: string) => path.join(this.wasmDir, file === RUNTIME_WASM ? RUNTIME_WASM : file) };
      // emscripten fills in the options object as its module: the node table and the tokeniser read nodes through it (wasmNodes.ts)
      this.runtime = Parser.init(options).then(() => registerBinding(options));
    }
    return this.runtime;
  }

  async language(lang: LanguageId): Promise<Language> {
    let loaded = this.languages.get(lang);
    if (!loaded) {
      // bytes, not a path: given a path, web-tree-sitter reads it through a dynamic import(), which a
      // script compiled from V8's code cache (the CLI's start-up) cannot run
      const file = path.join(this.wasmDir, grammarWasmFile(lang));
      loaded = this.init().then(async () => Language.load(await readBytes(file)));
      this.languages.set(lang, loaded);
      loaded.catch(() => this.languages.delete(lang));
    }
    return loaded;
  }

  /** A parser for the language; grammars must have been loaded with `language()` first. */
  async parser(lang: LanguageId): Promise<Parser> {
    const existing = this.parsers.get(lang);
    if (existing) return existing;
    const language = await this.language(lang);
    const parser = this.parsers.get(lang) ?? new Parser();
    parser.setLanguage(language);
    this.parsers.set(lang, parser);
    return parser;
  }

  /** Parses synchronously once the language is loaded; callers await `ready(lang)` first. */
  parseSync(lang: LanguageId, text: string): Tree {
    const parser = this.parsers.get(lang);
    if (!parser) throw new Error(`grammar for ${lang} is not loaded yet`);
    const tree = parser.parse(text);
    if (!tree) throw new Error(`tree-sitter returned no tree for ${lang}`);
    return tree;
  }

  /**
   * Parses `text`, which is `old`'s text `oldText` with `edits` (in oldText's offsets) applied,
   * reusing the parts of `old` the edits left alone: tree-sitter's incremental parse gives the tree
   * a fresh parse would, for a fraction of the work when the edits are small. `old` is unchanged.
   */
  reparseSync(lang: LanguageId, old: Tree, oldText: string, edits: readonly TextEdit[], text: string): Tree {
    const parser = this.parsers.get(lang);
    if (!parser) throw new Error(`grammar for ${lang} is not loaded yet`);
    const base = old.copy();
    try {
      const point = (offset: number) => ({ row: lineOf(oldText, offset) - 1, column: offset - lineStart(oldText, offset) });
      // Only what an edit changes: tree-sitter re-lexes the tokens an edit's range touches, and in
      // Python a range that starts at the first token of an indented line (a rename that keeps
      // its prefix) cost the incremental parse its reuse of the rest of the file.
      const changing = edits.map((e) => changedPart(oldText, e)).filter((e): e is TextEdit => e !== null);
      // last edit first: each edit's offsets in oldText still hold when it is applied
      for (const edit of inSourceOrder(changing).reverse()) {
        const start = point(edit.start);
        const lastBreak = edit.text.lastIndexOf('\n');
        const rows = lastBreak < 0 ? 0 : edit.text.split('\n').length - 1;
        const newEnd = { row: start.row + rows, column: lastBreak < 0 ? start.column + edit.text.length : edit.text.length - lastBreak - 1 };
        base.edit(
          new Edit({
            startIndex: edit.start,
            oldEndIndex: edit.end,
            newEndIndex: edit.start + edit.text.length,
            startPosition: start,
            oldEndPosition: point(edit.end),
            newEndPosition: newEnd,
          }),
        );
      }
      const tree = parser.parse(text, base);
      if (!tree) throw new Error(`tree-sitter returned no tree for ${lang}`);
      this.changes.set(
        tree,
        base.getChangedRanges(tree).map((r) => ({ start: r.startIndex, end: r.endIndex })),
      );
      return tree;
    } finally {
      base.delete();
    }
  }

  /**
   * Where a tree made by reparseSync differs in syntax from the one it came from (tree-sitter's
   * changed ranges, in the new text's offsets; text edited without a change of syntax, such as a
   * renamed identifier, is not among them). Undefined for a tree parsed from scratch.
   */
  changedSpans(tree: Tree): readonly Span[] | undefined {
    return this.changes.get(tree);
  }

  async ready(lang: LanguageId): Promise<void> {
    await this.parser(lang);
  }

  async parse(lang: LanguageId, text: string): Promise<Tree> {
    await this.ready(lang);
    return this.parseSync(lang, text);
  }

  /** Compiled queries are cached per language and source text: compiling one costs far more than running it. */
  querySync(lang: LanguageId, source: string): Query {
    const key = `${lang}\u0000${source}`;
    let query = this.queries.get(key);
    if (!query) {
      const parser = this.parsers.get(lang);
      if (!parser?.language) throw new Error(`grammar for ${lang} is not loaded yet`);
      query = new Query(parser.language, source);
      this.queries.set(key, query);
    }
    return query;
  }

  dispose(): void {
    for (const query of this.queries.values()) query.delete();
    this.queries.clear();
    for (const parser of this.parsers.values()) parser.delete();
    this.parsers.clear();
  }
}
