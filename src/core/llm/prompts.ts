import fs = require('fs');
import path = require('path');
import { inputError } from '../errors';
import { LANGUAGE_NAMES, LanguageId, namesLanguage } from '../languages/languageIds';
import type { ChatMessage } from './chat';


/** The sections a template must have (docs/engine.md, "LLM execution"); Language notes and Example are optional. */
const REQUIRED_SECTIONS = ['Role', 'Task', 'Code', 'Answer'];

export interface PromptTemplate {
  id: string;
  /** Where it was read from: a workspace override or the built-in prompts/ folder. */
  file: string;
  sections: Map<string, string>;
}

function parseTemplate(id: string, file: string, text: string): PromptTemplate {
  const body = text.replace(/<!--[\s\S]*?-->/g, '');
  const sections = new Map<string, string>();
  const parts = body.split(/^## +(.+)$/m);
  for (let i = 1; i < parts.length; i += 2) sections.set(parts[i].trim(), parts[i + 1].trim());
  const missing = REQUIRED_SECTIONS.filter((s) => !sections.has(s));
  if (missing.length) throw inputError(`the prompt ${file} lacks the section(s) ${missing.map((m) => `## ${m}`).join(', ')}: see prompts/README.md`);
  return { id, file, sections };
}

/** Keeps only the `### <language>` part of a Language notes section. */
function notesFor(notes: string | undefined, lang: LanguageId): string {
  if (!notes) return '';
  const parts = notes.split(/^### +(.+)$/m);
  for (let i = 1; i < parts.length; i += 2) {
    const names = parts[i].split(/[,/]/).map((n) => n.trim().toLowerCase());
    if (names.some((n) => namesLanguage(n, lang))) return parts[i + 1].trim();
  }
  return '';
}

export function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{\s*([a-z_]+)\s*\}\}/g, (whole, name: string) => (name in values ? values[name] : whole));
}

/**
 * The prompt templates: one Markdown file per method in CodeMorph's prompts/ folder, each
 * overridable by `.codemorph/prompts/<method-id>.md` in the workspace. Templates are read once.
 */
export class PromptLibrary {
  private readonly cache = new Map<string, PromptTemplate>();

  constructor(
    readonly builtinDir: string,
    /** Folders searched first, e.g. `<workspace>/.codemorph/prompts`. */
    readonly overrideDirs: readonly string[] = [],
    /** Folders of designed methods (`.codemorph/methods`), searched last: they add prompts, never replace one. */
    readonly designedDirs: readonly string[] = [],
  ) {}

  private get dirs(): string[] {
    return [...this.overrideDirs, this.builtinDir, ...this.designedDirs];
  }

  template(id: string): PromptTemplate {
    const cached = this.cache.get(id);
    if (cached) return cached;
    for (const dir of this.dirs) {
      const file = path.join(dir, `${id}.md`);
      if (fs.existsSync(file)) {
        const template = parseTemplate(id, file, fs.readFileSync(file, 'utf8'));
        this.cache.set(id, template);
        return template;
      }
    }
    throw inputError(`no prompt for ${id}: expected ${path.join(this.builtinDir, `${id}.md`)}`);
  }

  has(id: string): boolean {
    return this.dirs.some((dir) => fs.existsSync(path.join(dir, `${id}.md`)));
  }

  /**
   * The chat messages for a template: the Role section as the system message, the rest (Task,
   * the language's notes, Code, Answer) as the user message, placeholders filled in.
   */
  render(id: string, lang: LanguageId, values: Record<string, string>): ChatMessage[] {
    const t = this.template(id);
    const all = { language: LANGUAGE_NAMES[lang], language_id: lang, ...values };
    const user: string[] = [];
    for (const [name, text] of t.sections) {
      if (name === 'Role') continue;
      if (name === 'Language notes') {
        const notes = notesFor(text, lang);
        if (notes) user.push(`## Language notes\n${notes}`);
        continue;
      }
      user.push(`## ${name}\n${text}`);
    }
    return [
      { role: 'system', content: fill(t.sections.get('Role')!, all) },
      { role: 'user', content: fill(user.join('\n\n'), all) },
    ];
  }
}
