import fs = require('fs');
import path = require('path');
import { Edit, Language, Node, Parser, Query, Tree } from 'web-tree-sitter';
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
    // Only what an edit changes: tree-sitter re-lexes the tokens an edit's range touches, and in
    // Python a range that starts at the first token of an indented line (a rename that keeps
    // its prefix) cost the incremental parse its reuse of the rest of the file.
    const changing = resumable(old, oldText, edits.map((e) => changedPart(oldText, e)).filter((e): e is TextEdit => e !== null));
    // a small text the edits make the parse read half of again gains less from the old tree than its copy, edits and changed ranges cost
    if (text.length <= FRESH_PARSE_CHARS && 2 * reread(changing) >= oldText.length) return this.parseSync(lang, text);
    const base = old.copy();
    try {
      const point = (offset: number) => ({ row: lineOf(oldText, offset) - 1, column: offset - lineStart(oldText, offset) });
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
      const tree = parseReading(parser, text, base);
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

/** What tree-sitter reads of a string at most per call (web-tree-sitter's input buffer, 10 KiB of UTF-16). */
const BUFFER_CHARS = 5119;
/** What a read that does not follow the last one gets (see parseReading). */
const SCATTERED_READ_CHARS = 256;

/**
 * `parser.parse(text, old)` reading `text` in pieces sized to how it is read. Given a string,
 * web-tree-sitter copies the next 5,119 characters into wasm at every read, and a reparse mostly
 * reads a few characters where it takes up a reused node: in a 5 MB file about 700 reads a step,
 * nearly 4 M characters copied one by one in JavaScript for the few thousand the lexer looked at.
 * A read that follows the last one (the lexer going on through the text) gets twice as much as
 * that one, up to the whole buffer; any other read gets SCATTERED_READ_CHARS. Where the pieces end
 * does not change the tree: tree-sitter asks again when a piece runs out (even inside a surrogate
 * pair, which web-tree-sitter's own 5,119-character pieces may split too). The tree keeps the
 * callback to give node texts: after the parse it answers as web-tree-sitter's own does for a
 * string, the rest of the text from the index.
 */
function parseReading(parser: Parser, text: string, old: Tree): Tree | null {
  let parsing = true;
  let next = -1;
  let size = SCATTERED_READ_CHARS;
  const read = (index: number): string => {
    if (!parsing) return text.slice(index);
    size = index === next ? Math.min(2 * size, BUFFER_CHARS) : SCATTERED_READ_CHARS;
    const piece = text.slice(index, index + size);
    next = index + piece.length;
    return piece;
  };
  try {
    return parser.parse(read, old);
  } finally {
    parsing = false;
  }
}

/**
 * Characters up to which reparseSync parses afresh when the edits make it read half the old text
 * again or more (a CodeCrash step on a CRUXEval record rewrites all of its function): there a fresh
 * parse took as long or less (a rename of every variable, a third); past 1,000 characters the old
 * tree paid for itself again.
 */
const FRESH_PARSE_CHARS = 1024;

/** Characters of the old text the edits, as resumable gives them, make the parse read again. */
function reread(edits: readonly TextEdit[]): number {
  let n = 0;
  for (const e of edits) n += e.end - e.start;
  return n;
}

/**
 * The edits as tree-sitter is told of them: each widened to the end of the top-level node it falls
 * in and one character into the next one, so that the parse re-reads the rest of that node and
 * takes up the old tree again at a fresh token. After an edit, tree-sitter takes up the old tree at
 * the first node it can reuse, and a top-level node can be reused only when the parse arrives at it
 * in the state it first had. In Python a block ends in zero-width newline and dedent tokens that
 * sit where the next top-level node begins: a parse that re-read the end of a block arrives there
 * before reading them, so every later top-level node failed the check and the whole rest of the
 * file was read again (a step in a 5 MB file cost half a parse of it). Re-reading the first token
 * of the next top-level node puts those tokens on the stack first; the node's other parts are then
 * reused, and the nodes after it whole. Other languages take up the old tree the same way at a
 * cost of one more token. The widened edits describe the same new text, so the tree is the one a
 * fresh parse would give. Edits in one top-level node become one edit; nodes elsewhere are untouched.
 */
function resumable(old: Tree, oldText: string, edits: readonly TextEdit[]): TextEdit[] {
  if (edits.length === 0) return [];
  const root = old.rootNode;
  const out: TextEdit[] = [];
  let group: { start: number; end: number; parts: TextEdit[] } | null = null;
  const close = () => {
    if (!group) return;
    let text = '';
    let at = group.start;
    for (const e of group.parts) {
      text += oldText.slice(at, e.start) + e.text;
      at = e.end;
    }
    text += oldText.slice(at, group.end);
    out.push({ start: group.start, end: group.end, text });
    group = null;
  };
  for (const edit of inSourceOrder(edits)) {
    const end = resumeAt(root, oldText, edit.end);
    if (group && edit.start <= group.end) {
      group.parts.push(edit);
      group.end = Math.max(group.end, end);
      continue;
    }
    close();
    group = { start: edit.start, end: Math.max(end, edit.end), parts: [edit] };
  }
  close();
  return out;
}

/** One character past the start of the first top-level node after the one holding `offset` (or starting after it); `offset` when there is none. */
function resumeAt(root: Node, oldText: string, offset: number): number {
  const holder = root.firstChildForIndex(offset);
  if (!holder) return offset;
  const next = holder.startIndex > offset ? holder : holder.nextSibling;
  if (!next || next.startIndex >= oldText.length) return offset;
  // a whole character: never between the halves of a surrogate pair
  const code = oldText.charCodeAt(next.startIndex);
  return next.startIndex + (code >= 0xd800 && code <= 0xdbff ? 2 : 1);
}
