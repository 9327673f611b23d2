import * as path from 'path';
import { Language, Parser, Query, Tree } from 'web-tree-sitter';
import { grammarWasmFile, LanguageId, RUNTIME_WASM } from './languageIds';

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

  constructor(readonly wasmDir: string) {}

  private init(): Promise<void> {
    this.runtime ??= Parser.init({
      locateFile: (file: string) => path.join(this.wasmDir, file === RUNTIME_WASM ? RUNTIME_WASM : file),
    });
    return this.runtime;
  }

  async language(lang: LanguageId): Promise<Language> {
    let loaded = this.languages.get(lang);
    if (!loaded) {
      loaded = this.init().then(() => Language.load(path.join(this.wasmDir, grammarWasmFile(lang))));
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
