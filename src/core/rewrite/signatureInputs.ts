import type { Node } from 'web-tree-sitter';
import { withTree } from '../benchmark/formats/problem';
import type { GrammarLoader } from '../languages/grammarLoader';
import type { LanguageId } from '../languages/languageIds';
import { profileOf } from '../languages/profiles';
import { splitTopLevel } from '../text/topLevel';
import type { ValueShape } from './inputTypes';

/**
 * The entry function's parameters as its signature declares them, each with its type as the
 * language writes it (`vector<int>`, `List<Integer>`, `Vec<i32>`), or '' where the language
 * declares none (JavaScript): the context generator's types for a record whose tests are not
 * Python. A declared type is sound by construction, as the paper's inference is by observation.
 */
export function signatureInputs(lang: LanguageId, signature: string, entry: string): { name: string; type: string }[] {
  const list = parameterList(signature, entry);
  if (list === undefined) {
    // a JavaScript arrow function of one parameter without parentheses: `f = x => ...`
    const bare = /=\s*(?:async\s+)?([A-Za-z_$][\w$]*)\s*=>/.exec(signature);
    return bare ? [{ name: bare[1], type: '' }] : [];
  }
  const items = splitTopLevel(list, { angles: true }).map((s) => s.text.trim()).filter(Boolean);
  const out: { name: string; type: string }[] = [];
  switch (profileOf(lang).parameters.typePlacement) {
    case 'after-name': {
      // `a, b int`: names without a type take the next one's
      const parsed = items.map((item) => /^(\w+)(?:\s+(.+))?$/.exec(item)).filter((m): m is RegExpExecArray => !!m);
      for (let i = 0; i < parsed.length; i++) {
        const type = parsed.slice(i).find((m) => m[2])?.[2] ?? '';
        out.push({ name: parsed[i][1], type: type.trim() });
      }
      return out;
    }
    case 'after-colon':
      for (const item of items) {
        const m = /^(?:mut\s+)?&?(?:mut\s+)?([A-Za-z_$][\w$]*)\??\s*(?::(?!:)\s*([^=]+?))?\s*(?:=.*)?$/.exec(item);
        if (m) out.push({ name: m[1], type: (m[2] ?? '').trim() });
      }
      return out;
    case 'none':
      for (const item of items) {
        const m = /^(?:\.\.\.)?([A-Za-z_$][\w$]*)\s*(?:=.*)?$/.exec(item);
        if (m) out.push({ name: m[1], type: '' });
      }
      return out;
    case 'before-name':
      // C, C++, Java: the type, then the name (an array's brackets belong to the type)
      for (const item of items) {
        const m = /^([\s\S]*?)\b([A-Za-z_]\w*)\s*((?:\[\s*\w*\s*\])*)$/.exec(item.replace(/\s*=[^=].*$/, ''));
        if (m && m[1].trim()) out.push({ name: m[2], type: `${m[1].trim()}${m[3].replace(/\s+/g, '')}` });
      }
      return out;
  }
}

/** The text between the parentheses that follow the function's name, or undefined. */
function parameterList(signature: string, entry: string): string | undefined {
  const at = new RegExp(`(?<![\\w$])${entry.replace(/[$]/g, '\\$')}(?![\\w$])`).exec(signature);
  if (!at) return undefined;
  const open = signature.indexOf('(', at.index + entry.length);
  if (open < 0 || /=>/.test(signature.slice(at.index, open))) return undefined;
  let depth = 0;
  for (let i = open; i < signature.length; i++) {
    if (signature[i] === '(') depth++;
    else if (signature[i] === ')' && --depth === 0) return signature.slice(open + 1, i);
  }
  return undefined;
}

/**
 * The literal arguments a JavaScript test passes the entry function, by parameter, read from the
 * test's syntax tree (nothing runs): the values the types of undeclared parameters come from.
 */
export async function testLiterals(loader: GrammarLoader, lang: LanguageId, test: string, entry: string, params: readonly string[]): Promise<Record<string, ValueShape[]>> {
  const values: Record<string, ValueShape[]> = Object.fromEntries(params.map((p) => [p, []]));
  // where every parameter's type is written, the signature gives them all (and the tests' literals
  // are read with JavaScript's node kinds, which Python's grammar does not have)
  if (profileOf(lang).parameters.types === 'required') return values;
  return withTree(loader, lang, test, (tree) => {
    for (const call of tree.rootNode.descendantsOfType('call_expression')) {
      const fn = call?.childForFieldName('function');
      if (!call || !fn || fn.type !== 'identifier' || fn.text !== entry) continue;
      const args = call.childForFieldName('arguments')?.namedChildren.filter((a): a is Node => !!a && a.type !== 'comment') ?? [];
      args.slice(0, params.length).forEach((arg, i) => {
        const shape = literalShape(arg);
        if (shape) values[params[i]].push(shape);
      });
    }
    return values;
  });
}

function literalShape(node: Node): ValueShape | undefined {
  switch (node.type) {
    case 'number':
      return { k: /^[+-]?(0[xob][\da-f_]+|\d[\d_]*)n?$/i.test(node.text) ? 'int' : 'float' };
    case 'unary_expression': {
      const arg = node.childForFieldName('argument');
      const op = node.childForFieldName('operator')?.text;
      return arg?.type === 'number' && (op === '-' || op === '+') ? literalShape(arg) : undefined;
    }
    case 'string':
      return { k: 'str' };
    case 'template_string':
      return node.namedChildren.some((c) => c?.type === 'template_substitution') ? undefined : { k: 'str' };
    case 'true':
    case 'false':
      return { k: 'bool' };
    case 'null':
    case 'undefined':
      return { k: 'none' };
    case 'array': {
      const items = node.namedChildren.filter((c): c is Node => !!c && c.type !== 'comment').map(literalShape);
      return items.every((s): s is ValueShape => !!s) ? { k: 'list', items } : undefined;
    }
    case 'object': {
      const keys: ValueShape[] = [];
      const vals: ValueShape[] = [];
      for (const pair of node.namedChildren) {
        if (!pair || pair.type === 'comment') continue;
        const value = pair.type === 'pair' ? pair.childForFieldName('value') : null;
        const shape = value ? literalShape(value) : undefined;
        if (!shape) return undefined;
        keys.push({ k: 'str' });
        vals.push(shape);
      }
      return { k: 'dict', keys, values: vals };
    }
    default:
      return undefined;
  }
}
