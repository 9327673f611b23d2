import * as assert from 'assert';
import type { Node, Tree } from 'web-tree-sitter';
import { LANGUAGE_IDS, LanguageId } from '../../src/core/languages/languageIds';
import { profileOf } from '../../src/core/languages/profiles';
import { Rng } from '../../src/core/random';
import {
  C_TYPE_DEFINITIONS,
  declarationOf,
  mayHoldDirective,
  mayHoldTypeDefinition,
  occurrencesIn,
  occurrencesNamed,
  occurrencesWhere,
  preprocessorArgs,
  stringTexts,
} from '../../src/core/syntax/bindings';
import { coveringRoot, inheritNodeTable, nodesOfTypeIfAtHand, setRegionChars, walkedRegions } from '../../src/core/syntax/nodeTable';
import type { TextEdit } from '../../src/core/text/edits';
import { allOf, ancestor, descendants, holdingWord, identifiersNamed, identifiersWhere, nodesOfType, nodesOfTypeIn } from '../../src/core/syntax/nodes';
import { functionsCalled } from '../../src/core/syntax/context';
import { corpusOf, corpusText } from '../support/corpus';
import { loader } from '../support/harness';

/**
 * The per-tree node table (shared/nodes.ts) answers descendants, nodesOfType and ancestor from
 * arrays built once per tree. These compare its answers with web-tree-sitter's own walks on
 * every corpus program, so a table that drops, reorders or misparents a node fails here. The
 * table is walked lazily in regions under a skeleton of large nodes (nodeTable.ts); each check
 * runs with regions of the shipped size, of 200 characters, and of none (every node with named
 * children a frame), so that every shape of skeleton is met on the corpus's small programs.
 */

const REGION_SIZES = [2048, 200, 0];

interface Program {
  file: string;
  text: string;
  /** The tree the table answers for. */
  tree: Tree;
  /** The same text parsed again, never asked of the table before the check asks it. */
  twin: Tree;
  chars: number;
}

/** Runs `check` on every corpus program of `lang` at every region size, and puts the shipped size back. */
async function eachProgram(lang: LanguageId, check: (p: Program) => void): Promise<void> {
  for (const chars of REGION_SIZES) {
    const old = setRegionChars(chars);
    try {
      for (const entry of corpusOf(lang)) {
        const text = corpusText(lang, entry);
        const tree = await loader.parse(lang, text);
        const twin = await loader.parse(lang, text);
        try {
          check({ file: `${entry.file}, regions of ${chars}`, text, tree, twin, chars });
        } finally {
          tree.delete();
          twin.delete();
        }
      }
    } finally {
      setRegionChars(old);
    }
  }
}

/** Named nodes under `node` in source order, walked through web-tree-sitter itself. */
function walked(node: Node, prune: (n: Node) => boolean = () => false): Node[] {
  const out: Node[] = [];
  const visit = (n: Node) => {
    out.push(n);
    if (n.id !== node.id && prune(n)) return;
    for (const c of n.namedChildren) if (c) visit(c);
  };
  visit(node);
  return out;
}

const ids = (nodes: readonly Node[]) => nodes.map((n) => n.id);

const spanOf = (n: Node | null) => (n ? `${n.type} [${n.startIndex}, ${n.endIndex})` : 'none');

describe('node table', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: agrees with web-tree-sitter's walks on every corpus program, at every region size`, async () => {
      const functionTypes = profileOf(lang).functionTypes;
      // The twin is never tabled: its nodes answer type and parent from wasm, where the table's
      // nodes answer from what the table stored on them.
      await eachProgram(lang, ({ file, tree, twin }) => {
        const root = tree.rootNode;
        const all = walked(root);
        assert.deepStrictEqual(ids(descendants(root, () => true)), ids(all), `${file}: every named node, in order`);
        const isFunction = (n: Node) => functionTypes.includes(n.type);
        assert.deepStrictEqual(
          ids(descendants(root, () => true, isFunction)),
          ids(walked(root, isFunction)),
          `${file}: pruned at functions`,
        );
        for (const fn of all.filter(isFunction)) {
          // a fresh node object (not the table's) as the starting point, as callers pass
          const found = root.namedDescendantForIndex(fn.startIndex, fn.endIndex);
          const fresh = found?.id === fn.id ? found : fn;
          assert.deepStrictEqual(ids(descendants(fresh, () => true)), ids(walked(fresh)), `${file}: under a function`);
        }
        const types = ['identifier', 'call_expression', 'call', ...functionTypes];
        const native = root.descendantsOfType(types).filter((n): n is Node => n !== null && n.isNamed);
        assert.deepStrictEqual(ids(nodesOfType(root, types)), ids(native), `${file}: nodes of some types`);
        // the table's own node objects, which carry their type and parent, against the twin's
        const tabled = descendants(root, () => true);
        const plain = walked(twin.rootNode);
        assert.strictEqual(tabled.length, plain.length);
        tabled.forEach((n, k) => {
          const t = plain[k];
          assert.strictEqual(n.type, t.type, `${file}: node ${k}`);
          // the twin's type comes from wasm: it must agree with the grammar
          assert.strictEqual(t.type, twin.language.types[t.typeId] || 'ERROR');
          assert.strictEqual(spanOf(n.parent), spanOf(t.parent), `${file}: parent of a ${n.type}`);
          let expected: Node | null = null;
          for (let p = t.parent; p; p = p.parent) {
            if (functionTypes.includes(p.type)) {
              expected = p;
              break;
            }
          }
          assert.strictEqual(spanOf(ancestor(n, functionTypes)), spanOf(expected), `${file}: enclosing function of a ${n.type}`);
        });
        // anonymous nodes are not in the table: asking from one still walks
        const token = root.descendantsOfType(['(']).find((n): n is Node => n !== null);
        if (token) assert.deepStrictEqual(ids(descendants(token, () => true)), [token.id]);
      });
    });

    it(`${lang}: a new object for a node the table holds answers from the table's object, as wasm would`, async () => {
      await eachProgram(lang, ({ file, tree, twin }) => {
        const tabled = descendants(tree.rootNode, () => true);
        const plain = walked(twin.rootNode);
        tabled.forEach((n, k) => {
          const t = plain[k];
          for (let i = 0; i < n.childCount; i++) {
            // child(i) makes a new object each call, as childForFieldName and the rest do
            const c = n.child(i)!;
            const d = t.child(i)!;
            assert.notStrictEqual(c, n.child(i), `${file}: child(i) gives a new object`);
            assert.strictEqual(c.type, d.type, `${file}: type of child ${i} of a ${n.type}`);
            assert.strictEqual(c.endIndex, d.endIndex, `${file}: end of child ${i} of a ${n.type}`);
            // a named child's parent is the table's object for the parent (the first node listed is the
            // object asked about, not the table's); an anonymous one's comes from wasm
            if (c.isNamed && k > 0) assert.strictEqual(c.parent, n, `${file}: parent of a ${c.type}`);
            else assert.strictEqual(spanOf(c.parent), spanOf(t), `${file}: parent of a ${c.type}`);
          }
        });
      });
    });
  }
});

/** Named nodes under `root` in source order with the position of each one's parent (-1 for the root), as wasm lists them. */
function walkedWithParents(root: Node): { node: Node; parent: number }[] {
  const out: { node: Node; parent: number }[] = [];
  const visit = (n: Node, parent: number) => {
    const index = out.push({ node: n, parent }) - 1;
    for (const c of n.namedChildren) if (c) visit(c, index);
  };
  visit(root, -1);
  return out;
}

/**
 * Edits that keep a program parsing the same way: names made longer (columns move on their line,
 * offsets after them) and blank lines put before a line (rows move).
 */
function someEdits(text: string, tree: Tree, rng: Rng): TextEdit[] {
  const names = walked(tree.rootNode).filter((n) => n.type === 'identifier');
  const edits: TextEdit[] = [];
  for (let k = 0; k < 2 && names.length > 0; k++) {
    const name = names[rng.int(names.length)];
    if (!edits.some((e) => e.start === name.startIndex)) edits.push({ start: name.startIndex, end: name.endIndex, text: `${name.text}Xy` });
  }
  const lineStarts = [...text.matchAll(/\n(?=[ \t]*\S)/g)].map((m) => m.index! + 1);
  if (lineStarts.length > 0) {
    const at = lineStarts[rng.int(lineStarts.length)];
    if (!edits.some((e) => e.start <= at && at <= e.end)) edits.push({ start: at, end: at, text: '\n\n' });
  }
  return edits.sort((x, y) => x.start - y.start);
}

function applied(text: string, edits: readonly TextEdit[]): string {
  let out = text;
  for (const e of [...edits].reverse()) out = out.slice(0, e.start) + e.text + out.slice(e.end);
  return out;
}

describe('node table inherited from the tree a reparse started from', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: copies the subtrees an edit did not reach, each node where wasm has it, at every region size`, async () => {
      const rng = new Rng(8);
      let copied = 0;
      let programs = 0;
      let sized = 0;
      await eachProgram(lang, ({ file, text, tree, chars }) => {
        descendants(tree.rootNode, () => true); // the old table, walked whole
        const edits = someEdits(text, tree, rng);
        const after = applied(text, edits);
        const reparsed = loader.reparseSync(lang, tree, text, edits, after);
        try {
          // walked before the tree has a table, so every list comes from wasm
          const truth = walkedWithParents(reparsed.rootNode);
          inheritNodeTable(reparsed, tree);
          const tabled = descendants(reparsed.rootNode, () => true);
          assert.deepStrictEqual(ids(tabled), truth.map((t) => t.node.id), `${file}: every named node, in order`);
          const types = reparsed.language.types;
          tabled.forEach((n, k) => {
            const t = truth[k].node;
            const what = `${file}: node ${k}`;
            // the truth's fields come from wasm: its type from the symbol (its getter would ask the table)
            assert.strictEqual(n.type, types[t.typeId] || 'ERROR', `${what}: type`);
            assert.strictEqual(n.startIndex, t.startIndex, `${what} (${n.type}): start`);
            assert.strictEqual(n.endIndex, t.endIndex, `${what} (${n.type}): end`);
            assert.deepStrictEqual(n.startPosition, t.startPosition, `${what} (${n.type}): start position`);
            assert.strictEqual(n.text, after.slice(t.startIndex, t.endIndex), `${what} (${n.type}): text`);
            const parent = truth[k].parent;
            assert.strictEqual(n.parent?.id, parent >= 0 ? truth[parent].node.id : undefined, `${what} (${n.type}): parent`);
            // its named children, copied or read, are the table's own objects, in wasm's order
            const children = tabled.filter((_, j) => truth[j].parent === k);
            assert.deepStrictEqual(ids(n.namedChildren as Node[]), ids(children), `${what} (${n.type}): named children`);
            n.namedChildren.forEach((c, i) => assert.strictEqual(c, children[i], `${what} (${n.type}): child ${i} is the table's object`));
          });
          const { copied: here } = walkedRegions(reparsed);
          assert.ok(here < tabled.length, `${file}: the edited part was read from wasm`);
          copied += here;
          // with regions of 0 characters, every node with children is a frame and only leaves are walked
          if (chars > 0) {
            sized++;
            programs += here > 0 ? 1 : 0;
          }
        } finally {
          reparsed.delete();
        }
      });
      // most of each program lies outside the edits' paths from the root
      assert.strictEqual(programs, sized, `copied in ${programs} of ${sized} programs (${copied} nodes)`);
    });
  }

  it('gives the nodes of a one-region tree, and of a larger one only once every region is walked', async () => {
    const types = profileOf('python').functionTypes;
    await onCopies(2, (tree) => {
      const native = ids(tree.rootNode.descendantsOfType([...types]).filter((n): n is Node => n !== null && n.isNamed));
      assert.ok(native.length > 0);
      const old = setRegionChars(1 << 20);
      try {
        assert.deepStrictEqual(ids(nodesOfTypeIfAtHand(tree, types) ?? []), native, 'one region');
      } finally {
        setRegionChars(old);
      }
    });
    await onCopies(40, (tree) => {
      assert.strictEqual(nodesOfTypeIfAtHand(tree, types), null, 'regions left to walk: a native walk is cheaper');
      descendants(tree.rootNode, () => true);
      const native = ids(tree.rootNode.descendantsOfType([...types]).filter((n): n is Node => n !== null && n.isNamed));
      assert.deepStrictEqual(ids(nodesOfTypeIfAtHand(tree, types) ?? []), native, 'every region walked');
    });
  });

  it('a table with no tree to inherit from reads every node from wasm', async () => {
    const text = corpusText('c', corpusOf('c')[0]);
    const tree = await loader.parse('c', text);
    try {
      descendants(tree.rootNode, () => true);
      assert.strictEqual(walkedRegions(tree).copied, 0);
    } finally {
      tree.delete();
    }
  });
});

/** Nodes of two parses of one text, comparable: type and span. */
const keys = (nodes: readonly Node[]) => nodes.map((n) => `${n.type} [${n.startIndex}, ${n.endIndex})`);

/** A span's start and end, for messages. */
const at = (s: { start: number; end: number }) => `[${s.start}, ${s.end})`;

/** Runs `check` on a fresh parse of `copies` copies of the first Python corpus program, with `middle` between the halves. */
async function onCopies(copies: number, check: (tree: Tree) => void, middle?: string): Promise<void> {
  const entry = corpusOf('python')[0];
  const half = Array.from({ length: copies / 2 }, () => corpusText('python', entry));
  const tree = await loader.parse('python', [...half, ...(middle ? [middle] : []), ...half].join('\n'));
  try {
    check(tree);
  } finally {
    tree.delete();
  }
}

describe('node table regions', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: nodes within or touching a span are the nodes a full walk finds there, at every region size`, async () => {
      const types = ['identifier', 'call_expression', 'call', 'block', 'compound_statement', ...profileOf(lang).functionTypes];
      const rng = new Rng(11);
      await eachProgram(lang, ({ file, text, tree, twin }) => {
        const all = twin.rootNode.descendantsOfType(types).filter((n): n is Node => n !== null && n.isNamed);
        const spans = [{ start: 0, end: text.length }];
        for (const fn of all.filter((n) => profileOf(lang).functionTypes.includes(n.type))) spans.push({ start: fn.startIndex, end: fn.endIndex });
        for (let k = 0; k < 6; k++) {
          const a = rng.int(text.length + 1);
          const b = rng.int(text.length + 1);
          spans.push({ start: Math.min(a, b), end: Math.max(a, b) });
        }
        for (const span of spans) {
          const inside = all.filter((n) => span.start <= n.startIndex && n.endIndex <= span.end);
          const touching = all.filter((n) => n.startIndex <= span.end && n.endIndex >= span.start);
          assert.deepStrictEqual(keys(nodesOfTypeIn(tree, span, types)), keys(inside), `${file} ${at(span)}: inside`);
          assert.deepStrictEqual(keys(nodesOfTypeIn(tree, span, types, true)), keys(touching), `${file} ${at(span)}: touching`);
        }
      });
    });

    it(`${lang}: names classified per region are the names classified over the whole file`, async () => {
      await eachProgram(lang, ({ file: where, tree, twin }) => {
        // the whole file first, on the twin: every later question is answered from its list
        const file = occurrencesIn(twin.rootNode, lang);
        const show = (list: ReturnType<typeof occurrencesIn>) =>
          list.map((o) => `${o.name}@${o.start}:${o.role}${o.qualifier === undefined ? '' : `<${o.qualifier ? at({ start: o.qualifier.startIndex, end: o.qualifier.endIndex }) : 'none'}>`}`);
        // statements and functions, asked first on `tree`: answered from their own regions
        const asked = descendants(tree.rootNode, (n) => /statement|definition|declaration|function|method|item/.test(n.type));
        for (const node of asked) {
          const expected = file.filter((o) => o.start >= node.startIndex && o.end <= node.endIndex);
          assert.deepStrictEqual(show(occurrencesIn(node, lang)), show(expected), `${where}: names of a ${node.type} at ${node.startIndex}`);
        }
        assert.deepStrictEqual(show(occurrencesIn(tree.rootNode, lang)), show(file), `${where}: the file's names`);
      });
    });

    it(`${lang}: names asked of the whole file are found reading only the regions that hold them, at every region size`, async () => {
      const functionTypes = profileOf(lang).functionTypes;
      await eachProgram(lang, ({ file: where, tree, twin }) => {
        const file = occurrencesIn(twin.rootNode, lang);
        const functions = twin.rootNode.descendantsOfType([...functionTypes]).filter((n): n is Node => n !== null && n.isNamed);
        const inFunction = (o: { start: number; end: number }) => functions.some((f) => f.startIndex <= o.start && o.end <= f.endIndex);
        const identifiers = twin.rootNode.descendantsOfType('identifier').filter((n): n is Node => n !== null);
        const show = (list: readonly { start: number; role: string }[]) => list.map((o) => `${o.start}:${o.role}`);
        const root = tree.rootNode;
        const names = [...new Set(file.map((o) => o.name))];
        assert.ok(names.length > 5, `${where}: ${names.length} names`);
        for (const name of names) {
          const expected = file.filter((o) => o.name === name);
          assert.deepStrictEqual(show(occurrencesNamed(root, lang, new Set([name]))), show(expected), `${where}: \`${name}\``);
          assert.deepStrictEqual(
            show(occurrencesNamed(root, lang, new Set([name]), (n) => functionTypes.includes(n.type))),
            show(expected.filter((o) => !inFunction(o))),
            `${where}: \`${name}\` outside functions`,
          );
          const named = identifiers.filter((n) => n.text === name).map((n) => n.startIndex);
          assert.deepStrictEqual(
            identifiersNamed(root, name).map((n) => n.startIndex),
            named,
            `${where}: identifiers \`${name}\``,
          );
        }
        // several names at once, and a name the file does not hold
        const some = new Set(names.filter((_, k) => k % 3 === 0));
        assert.deepStrictEqual(show(occurrencesNamed(root, lang, some)), show(file.filter((o) => some.has(o.name))), `${where}: a third of the names`);
        assert.deepStrictEqual(occurrencesNamed(root, lang, new Set(['absent_name_xyz'])), []);
      });
    });

    it(`${lang}: strings and directives asked with a region test are those of a full walk, at every region size`, async () => {
      await eachProgram(lang, ({ file: where, tree, twin }) => {
        const root = tree.rootNode;
        // a string is one node of text: only the holes of an interpolation hold further strings
        const kinds = profileOf(lang).expressions.stringKinds;
        const outer: Node[] = [];
        const visit = (n: Node) => {
          if (kinds.includes(n.type)) {
            outer.push(n);
            for (const c of n.namedChildren) if (c && /interpolation|substitution/.test(c.type)) visit(c);
            return;
          }
          for (const c of n.namedChildren) if (c) visit(c);
        };
        visit(twin.rootNode);
        const starts = (list: readonly { node: Node }[]) => list.map((s) => s.node.startIndex);
        assert.deepStrictEqual(starts(stringTexts(root, lang)), outer.map((n) => n.startIndex), `${where}: every string`);
        for (const { node, text } of stringTexts(root, lang)) {
          const word = /^[A-Za-z]*["'`]+([A-Za-z_]\w*)["'`]+$/.exec(text)?.[1];
          if (!word) continue;
          const found = stringTexts(root, lang, holdingWord([word]));
          assert.ok(found.some((s) => s.node.startIndex === node.startIndex), `${where}: the string ${text} among those holding \`${word}\``);
        }
        const full = (types: string[]) => twin.rootNode.descendantsOfType(types).filter((n): n is Node => n !== null && n.isNamed);
        const starts2 = (list: readonly Node[]) => list.map((n) => `${n.type}@${n.startIndex}`);
        assert.deepStrictEqual(starts2(preprocessorArgs(root)), starts2(full(['preproc_arg'])), `${where}: directive bodies`);
        const directives = ['preproc_def', 'preproc_function_def', 'preproc_include'];
        assert.deepStrictEqual(starts2(nodesOfType(root, directives, mayHoldDirective)), starts2(full(directives)), `${where}: directives`);
        assert.deepStrictEqual(
          starts2(nodesOfType(root, C_TYPE_DEFINITIONS, mayHoldTypeDefinition)),
          starts2(full(C_TYPE_DEFINITIONS)),
          `${where}: type definitions`,
        );
      });
    });
  }

  it('a string inside a string counts only in an interpolation the texts leave out', async () => {
    // a Java template's embedded expression is part of the outer string's text, as the walk always took it
    const tree = await loader.parse('java', 'class A { String f(String x) { return STR."a \\{ "name" } b"; } }');
    try {
      assert.deepStrictEqual(
        stringTexts(tree.rootNode, 'java').map((s) => s.text),
        ['"a \\{ "name" } b"'],
      );
    } finally {
      tree.delete();
    }
    const js = await loader.parse('javascript', 'const s = `a ${f("name")} b`;');
    try {
      assert.deepStrictEqual(
        stringTexts(js.rootNode, 'javascript').map((s) => s.text),
        ['`a   b`', '"name"'],
      );
    } finally {
      js.delete();
    }
  });

  it('a name asked of a large file reads the regions holding it and no other', async () => {
    await onCopies(60, (tree) => {
      const found = occurrencesNamed(tree.rootNode, 'python', new Set(['lonely_helper_name']));
      assert.deepStrictEqual(found.map((o) => o.role), ['defname']);
      const { regions, walked } = walkedRegions(tree);
      assert.ok(regions >= 60, `${regions} regions`);
      assert.strictEqual(walked, 1, `walked ${walked} of ${regions} regions`);
    }, 'def lonely_helper_name(x):\n    return x\n');
  });

  it('a walk of a large file pruned at functions reads none of their regions', async () => {
    await onCopies(40, (tree) => {
      const isFunction = (n: Node) => n.type === 'function_definition';
      const tops = descendants(tree.rootNode, isFunction, isFunction);
      assert.ok(tops.length >= 40, `${tops.length} top-level functions`);
      const { regions, walked } = walkedRegions(tree);
      assert.ok(walked <= regions - tops.length, `walked ${walked} of ${regions} regions, ${tops.length} of them functions`);
    });
  });

  it('asking about one function of a large file walks its region and not the file', async () => {
    await onCopies(60, (tree) => {
      const fn = nodesOfType(tree.rootNode, ['function_definition']).length;
      assert.ok(fn >= 60, `${fn} functions`);
      const before = walkedRegions(tree);
      assert.ok(before.regions >= 60, `${before.regions} regions for 60 copies of a program`);
      // only the regions holding a function are walked: whether a region holds one is asked natively
      assert.ok(before.walked <= fn && before.walked < before.regions, `nodesOfType on the root walked ${before.walked} of ${before.regions} regions for ${fn} functions`);
    });
    await onCopies(60, (fresh) => {
      const first = fresh.rootNode.namedChildren.find((n) => n?.type === 'function_definition')!;
      const span = { start: first.startIndex, end: first.endIndex };
      assert.ok(nodesOfTypeIn(fresh, span, ['identifier']).length > 0);
      occurrencesIn(first, 'python');
      assert.strictEqual(coveringRoot(first).id, first.id, 'a top-level function roots its own region');
      assert.ok(ancestor(descendants(first, (n) => n.type === 'identifier')[0], ['module']));
      const after = walkedRegions(fresh);
      assert.strictEqual(after.walked, 1, `walked ${after.walked} of ${after.regions} regions`);
    });
  });
});

/**
 * Facts (nodeTable.ts): what a region was found to hold is kept by the regions of a reparsed tree
 * that are the same, so questions about the rest of a file cost a step only the regions it
 * changed. Every answer must be the one a fresh parse of the new text gives: after edits that
 * rename names (in regions that then hold other words) and move lines, on every corpus program at
 * every region size.
 */
describe('node table facts kept across a reparse', () => {
  for (const lang of LANGUAGE_IDS) {
    it(`${lang}: questions about the whole file answer on the reparsed tree as on a fresh parse, at every region size`, async () => {
      const rng = new Rng(5);
      const profile = profileOf(lang);
      let shared = 0;
      let regions = 0;
      await eachProgram(lang, ({ file, text, tree }) => {
        const functionNames = [...new Set(nodesOfType(tree.rootNode, profile.functionTypes).map((n) => profile.nameOf(n)?.text).filter((n): n is string => !!n))];
        const identifierNames = [...new Set(walked(tree.rootNode).filter((n) => n.type === 'identifier').map((n) => n.text))].slice(0, 8);
        const names = [...functionNames, ...identifierNames];
        const ask = (t: Tree) => {
          const root = t.rootNode;
          const out: Record<string, string[]> = {};
          for (const name of [...names, ...names.map((n) => `${n}Xy`)]) {
            out[`functions named ${name}`] = keys(functionsCalled(t, profile, name).map((f) => f.node));
            out[`declared ${name}`] = keys(identifiersWhere(root, name, 'test declares', (n) => declarationOf(lang, n) !== null));
            out[`occurring ${name}`] = occurrencesWhere(root, lang, name, 'test not a member', (o) => o.role !== 'member').map((o) => `${o.role} ${o.start}`);
            out[`spelled ${name}`] = keys(nodesOfType(root, ['identifier'], holdingWord([name]), { question: { key: `test spelled ${name}`, keep: (n) => n.text === name } }));
          }
          out.strings = keys(nodesOfType(root, profileOf(lang).expressions.stringKinds));
          out.directives = keys(nodesOfType(root, ['preproc_def', 'preproc_function_def'], mayHoldDirective));
          out['type definitions'] = keys(nodesOfType(root, C_TYPE_DEFINITIONS, allOf(mayHoldTypeDefinition, holdingWord(identifierNames))));
          return out;
        };
        ask(tree); // the old tree's regions learn their facts
        const edits = someEdits(text, tree, rng);
        const after = applied(text, edits);
        const reparsed = loader.reparseSync(lang, tree, text, edits, after);
        const fresh = loader.parseSync(lang, after);
        try {
          inheritNodeTable(reparsed, tree);
          assert.deepStrictEqual(ask(reparsed), ask(fresh), `${file}: answers after ${JSON.stringify(edits)}`);
          const counts = walkedRegions(reparsed);
          shared += counts.shared;
          regions += counts.regions;
        } finally {
          reparsed.delete();
          fresh.delete();
        }
      });
      assert.ok(shared > regions / 4, `${shared} of ${regions} regions took their facts from the tree before`);
    });
  }

  it('a question asked again after a step reads only the regions the step changed', async () => {
    await onCopies(60, (tree) => {
      const text = tree.rootNode.text;
      const declaresLen = (t: Tree) => identifiersWhere(t.rootNode, 'len', 'test declares', (n) => declarationOf('python', n) !== null);
      assert.deepStrictEqual(declaresLen(tree), []);
      // a line inserted in the first function
      const at = text.indexOf('\n', text.indexOf('def ')) + 1;
      const indent = /^[ \t]*/.exec(text.slice(at))![0];
      const edits = [{ start: at, end: at, text: `${indent}n = len([])\n` }];
      const after = applied(text, edits);
      const reparsed = loader.reparseSync('python', tree, text, edits, after);
      try {
        inheritNodeTable(reparsed, tree);
        assert.deepStrictEqual(declaresLen(reparsed), []);
        const { regions, walked: read, shared } = walkedRegions(reparsed);
        assert.ok(shared >= regions - 3, `${shared} of ${regions} regions took their facts`);
        assert.ok(read <= 1, `read ${read} of ${regions} regions`);
      } finally {
        reparsed.delete();
      }
    });
  });
});

describe('python definedAs patterns', () => {
  it('are made once per name and still find only a definition of that name', () => {
    // asked in every record of a dataset run (selectUnit looks the entry point up by name)
    const definedAs = profileOf('python').definedAs!;
    assert.strictEqual(definedAs('f'), definedAs('f'));
    assert.notStrictEqual(definedAs('f'), definedAs('g'));
    assert.ok(definedAs('f').test('def f(x):'));
    assert.ok(definedAs('f').test('async def \\\n f(x):'));
    assert.ok(!definedAs('f').test('def ff(x):'));
    assert.ok(!definedAs('f').test('undef f'));
    assert.ok(definedAs('a.b').test('def a.b'), 'a name is matched literally');
    assert.ok(!definedAs('a.b').test('def axb'));
  });
});
