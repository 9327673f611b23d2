import type { ChatMessage } from '../llm/chat';
import { findFunctions } from '../languages/functions';
import type { GrammarLoader } from '../languages/grammarLoader';
import { LANGUAGE_NAMES, LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import type { ItemSide } from './items';
import { shownCall } from './programs';

export const TASKS = ['generation', 'completion', 'output-prediction', 'input-prediction'] as const;
export type Task = (typeof TASKS)[number];


const SYSTEM = 'You are an expert programmer. Follow the instructions exactly.';

/**
 * What a generation prompt shows of a side that came without a prompt: everything before the
 * entry function's body (imports, helpers, the signature) and, in Python, its docstring: the
 * HumanEval form. Null when the function is not found.
 */
export async function generationHeader(loader: GrammarLoader, lang: LanguageId, code: string, entry: string | null): Promise<string | null> {
  if (!entry) return null;
  const tree = await loader.parse(lang, code);
  try {
    const fn = findFunctions(tree.rootNode, profileOf(lang)).find((f) => f.name === entry);
    if (!fn?.body) return null;
    // an indented body (Python's) has no opening brace to show: the header ends where the body starts
    if (profileOf(lang).spelling.indentedBlocks) {
      const first = fn.body.namedChildren[0];
      const doc = first?.type === 'expression_statement' && first.namedChildren[0]?.type === 'string' ? first.endIndex : null;
      return `${code.slice(0, doc ?? fn.body.startIndex).trimEnd()}\n`;
    }
    return `${code.slice(0, fn.body.startIndex + 1)}\n`;
  } finally {
    tree.delete();
  }
}

function fence(lang: LanguageId, code: string): string {
  return `\`\`\`${lang}\n${code.replace(/\n$/, '')}\n\`\`\``;
}

/**
 * The messages of one task on one side: the same template for the original and the perturbed
 * side, so the sides differ only in the item's text. Null when the side has nothing to ask.
 */
export function taskMessages(task: Task, lang: LanguageId, side: ItemSide, header: string | null, cot: boolean): ChatMessage[] | null {
  const name = LANGUAGE_NAMES[lang];
  const answerForm = cot
    ? 'Think step by step, then give the final answer between [ANSWER] and [/ANSWER].'
    : 'Answer with the value only, in one fenced code block, with no explanation.';
  let user: string;
  switch (task) {
    case 'generation': {
      const shown = side.prompt ?? header;
      if (!shown || !(side.test || side.harness)) return null;
      const task = side.description ? `${side.description.trim()}\n\n` : '';
      user = `${task}Complete the following ${name} function. Answer with the complete function, and the imports it needs, in one fenced code block.\n\n${fence(lang, shown)}`;
      break;
    }
    case 'output-prediction': {
      if (!side.io || !side.entryPoint) return null;
      user =
        `Here is a ${name} function and a call of it with an unknown result (??). Work out the result without running the code.\n\n${fence(lang, side.code)}\n\n` +
        `${fence(lang, shownCall(lang, side.entryPoint, side.io.input, '??'))}\n\nGive the result as a ${name} literal. ${answerForm}`;
      break;
    }
    case 'input-prediction': {
      if (!side.io || !side.entryPoint) return null;
      user =
        `Here is a ${name} function and a result it returns. Find arguments (??) for which the call returns that result.\n\n${fence(lang, side.code)}\n\n` +
        `${fence(lang, shownCall(lang, side.entryPoint, '??', side.io.output))}\n\nGive the arguments as ${name} source text, as they would appear between the parentheses. ${answerForm}`;
      break;
    }
    case 'completion': {
      const c = side.completion;
      if (!c) return null;
      const count = c.lastLine - c.firstLine + 1;
      user =
        `Fill in the ${count} missing line${count === 1 ? '' : 's'} of this ${name} function, marked <MISSING>. Answer with exactly those lines, in one fenced code block.\n\n` +
        fence(lang, `${c.prefix}<MISSING>\n${c.suffix}`);
      break;
    }
  }
  return [
    { role: 'system', content: SYSTEM },
    { role: 'user', content: user },
  ];
}

/** The code or value in an answer: between [ANSWER] tags, else in its last fenced block, else the whole text. */
export function extractAnswer(task: Task, text: string, entry: string | null): string {
  const tagged = /\[ANSWER\]([\s\S]*?)\[\/ANSWER\]/.exec(text);
  const blocks = [...text.matchAll(/```[\w+#-]*[^\S\n]*\n([\s\S]*?)```/g)].map((m) => m[1]);
  const body = tagged ? tagged[1] : task === 'generation' && blocks.length ? blocks.reduce((a, b) => (b.length > a.length ? b : a)) : (blocks[blocks.length - 1] ?? text);
  if (task === 'generation' || task === 'completion') return body.replace(/\s+$/, '\n').replace(/^\n+/, '');
  let value = body.trim();
  // a model that repeats the call: keep the side the task asked for
  if (entry && task === 'output-prediction') {
    const m = new RegExp(`^(?:assert\\s+)?${entry.replace(/[$]/g, '\\$')}\\s*\\(.*\\)\\s*==\\s*([\\s\\S]+)$`).exec(value);
    if (m) value = m[1].trim();
  }
  if (entry && task === 'input-prediction') {
    const m = new RegExp(`^(?:assert\\s+)?${entry.replace(/[$]/g, '\\$')}\\s*\\(([\\s\\S]*)\\)\\s*==[\\s\\S]*$`).exec(value);
    if (m) value = m[1].trim();
  }
  return value.replace(/;$/, '');
}
