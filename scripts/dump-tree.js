#!/usr/bin/env node
// Developer aid: prints the tree-sitter tree of a file (or stdin with --lang) with field names,
// to look up node kinds while writing per-language rules. Usage: node scripts/dump-tree.js FILE [--lang L]
const fs = require('fs');
const path = require('path');
const { Parser, Language } = require('web-tree-sitter');

const EXT = { '.py': 'python', '.c': 'c', '.h': 'c', '.cpp': 'cpp', '.cc': 'cpp', '.go': 'go', '.rs': 'rust', '.java': 'java', '.js': 'javascript', '.ts': 'typescript' };

async function main() {
  const args = process.argv.slice(2);
  const langAt = args.indexOf('--lang');
  const lang = langAt >= 0 ? args[langAt + 1] : undefined;
  const file = args.find((a, i) => !a.startsWith('--') && (langAt < 0 || i !== langAt + 1));
  const text = file ? fs.readFileSync(file, 'utf8') : fs.readFileSync(0, 'utf8');
  const id = lang ?? EXT[path.extname(file ?? '')];
  if (!id) throw new Error('give --lang');
  await Parser.init();
  const pkg = id === 'typescript' ? 'tree-sitter-typescript' : `tree-sitter-${id}`;
  const wasm = path.join(path.dirname(require.resolve(`${pkg}/package.json`)), `tree-sitter-${id}.wasm`);
  const parser = new Parser();
  parser.setLanguage(await Language.load(wasm));
  const tree = parser.parse(text);
  const out = [];
  const walk = (cursor, depth) => {
    do {
      const n = cursor.currentNode;
      const field = cursor.currentFieldName;
      const leaf = n.childCount === 0 ? ` ${JSON.stringify(n.text)}` : '';
      if (n.isNamed || n.childCount === 0) {
        out.push(`${'  '.repeat(depth)}${field ? field + ': ' : ''}${n.isNamed ? n.type : `'${n.type}'`}${n.isMissing ? ' MISSING' : ''} [${n.startPosition.row + 1}:${n.startPosition.column}]${leaf}`);
      }
      if (cursor.gotoFirstChild()) {
        walk(cursor, depth + 1);
        cursor.gotoParent();
      }
    } while (cursor.gotoNextSibling());
  };
  walk(tree.rootNode.walk(), 0);
  console.log(out.join('\n'));
}
main().catch((e) => { console.error(e.message); process.exit(1); });
