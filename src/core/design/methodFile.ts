import fs = require('fs');
import path = require('path');
import { inputError } from '../errors';
import { writeFileAtomic } from '../files';
import { isLanguageId, LANGUAGE_NAMES, LanguageId } from '../languages/languageIds';
import { catalogueEntry, Category, CATEGORIES } from '../transforms/catalogue';
import type { Method } from '../transforms/method';

/** How a designed method did on the conformance corpus when it was kept (designer.ts). */
export interface DesignScores {
  /** Applications whose output passed verification and the program's own checks, of those tried. */
  correct: number;
  /** Mean similarity drop (1 - overall similarity) of the correct applications. */
  meanDrop: number;
  /** Auto-SPT's reward R(T): the mean over the programs of correct × drop. */
  reward: number;
  programs: number;
}

/**
 * A transformation an LLM designed (`codemorph design-methods`): a prompt, never code. The search
 * draws it like a built-in method, with no local rewrite, so only the llm and hybrid engines can
 * run it, and its every output is verified and voted on like any other LLM step.
 */
export interface DesignedMethod {
  id: string;
  name: string;
  category: Category;
  description: string;
  preconditions: string;
  language: LanguageId;
  example: { before: string; after: string };
  scores?: DesignScores;
}

export const METHODS_DIR = path.join('.codemorph', 'methods');

/** Ids are slugs that cannot be taken for a built-in method or prompt: `designed-` and the name's words. */
export function designedId(name: string): string {
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 48).replace(/-+$/, '');
  return `designed-${slug || 'method'}`;
}

/** Front matter values are single lines of JSON, so any text round-trips and nothing is evaluated. */
function frontMatter(m: DesignedMethod): string {
  const fields: [string, unknown][] = [
    ['id', m.id],
    ['name', m.name],
    ['category', m.category],
    ['description', m.description],
    ['preconditions', m.preconditions],
    ['language', m.language],
    ...(m.scores ? ([['scores', m.scores]] as [string, unknown][]) : []),
  ];
  return ['---', ...fields.map(([k, v]) => `${k}: ${JSON.stringify(v)}`), '---'].join('\n');
}

/** A fence longer than any backtick run in the text, so an example cannot close it early. */
function fenced(text: string, lang: LanguageId): string {
  const longest = Math.max(2, ...(text.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}${lang}\n${text}\n${fence}`;
}

/** The prompt file: front matter, then the sections every method prompt has (prompts/README.md). */
export function methodFileText(m: DesignedMethod): string {
  const lang = LANGUAGE_NAMES[m.language];
  return `${frontMatter(m)}
<!-- Designed by an LLM with \`codemorph design-methods\`; the engine verifies every answer like any other step. -->

## Role
You are an expert {{language}} programmer who rewrites code into semantically equivalent code that looks different.

## Task
Apply the transformation "${m.name.replace(/\n/g, ' ')}" to the code below.

${m.description.replace(/^## /gm, '')}

Apply it only where this holds: ${m.preconditions.replace(/^## /gm, '') || 'anywhere it preserves behaviour'}.

The code must behave exactly as before for every input: same results, same output, same exceptions. Keep the function's name and signature ({{entry_point}}).

## Example
Before:
${fenced(m.example.before, m.language)}

After:
${fenced(m.example.after, m.language)}

## Code
\`\`\`{{language_id}}
{{code}}
\`\`\`

## Answer
Answer with one JSON object and nothing else: {"code": "<the whole rewritten ${lang} code>", "entry_point": "<the function's name>"}.
`;
}

function fieldError(file: string, what: string): Error {
  return inputError(`${file}: ${what}: designed methods are written by \`codemorph design-methods\`; fix the front matter or delete the file`);
}

/** Reads one designed method's front matter; the prompt itself is the prompt library's (prompts.ts). */
export function parseMethodFile(file: string, text: string): DesignedMethod {
  const m = /^---\n([\s\S]*?)\n---\n/.exec(text.replace(/\r\n/g, '\n'));
  if (!m) throw fieldError(file, 'no front matter (--- lines) at the top');
  const fields: Record<string, unknown> = {};
  for (const line of m[1].split('\n')) {
    const kv = /^([a-z]+):\s*(.*)$/.exec(line);
    if (!kv) continue;
    try {
      fields[kv[1]] = JSON.parse(kv[2]);
    } catch {
      throw fieldError(file, `the value of ${kv[1]} is not JSON`);
    }
  }
  const text_ = (k: string) => (typeof fields[k] === 'string' ? (fields[k] as string) : undefined);
  const id = text_('id');
  if (!id || !/^designed-[a-z0-9-]+$/.test(id)) throw fieldError(file, 'id must be designed-<words>');
  if (path.basename(file) !== `${id}.md`) throw fieldError(file, `the file must be named ${id}.md`);
  if (catalogueEntry(id)) throw fieldError(file, `${id} is a built-in method`);
  const category = text_('category') as Category | undefined;
  if (!category || !CATEGORIES.includes(category)) throw fieldError(file, `category must be one of ${CATEGORIES.join(', ')}`);
  const language = text_('language');
  if (!language || !isLanguageId(language)) throw fieldError(file, 'language must be a language id (python, c, ...)');
  return {
    id,
    name: text_('name') ?? id,
    category,
    description: text_('description') ?? '',
    preconditions: text_('preconditions') ?? '',
    language,
    example: { before: '', after: '' },
    scores: fields.scores as DesignScores | undefined,
  };
}

/** The designed methods of a folder, by id; none when the folder does not exist. */
export function loadDesignedMethods(dir: string): DesignedMethod[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.startsWith('designed-') && f.endsWith('.md'))
    .sort()
    .map((f) => parseMethodFile(path.join(dir, f), fs.readFileSync(path.join(dir, f), 'utf8')));
}

export function writeMethodFile(dir: string, m: DesignedMethod): string {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `${m.id}.md`);
  writeFileAtomic(file, methodFileText(m));
  return file;
}

/** The method the search draws: it has no local sites, so it runs only by its prompt. */
export function asMethod(m: DesignedMethod): Method {
  return {
    id: m.id,
    category: m.category,
    description: m.description,
    support: (lang) => (lang === m.language ? { applicable: true } : { applicable: false, reason: `${m.id} was designed for ${m.language}` }),
    findSites: () => [],
    apply: () => {
      throw new Error(`${m.id} has no local rewrite: it runs by prompt`);
    },
  };
}
