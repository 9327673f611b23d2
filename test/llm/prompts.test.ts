import * as assert from 'assert';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { parseAnswer, parseVote } from '../../src/core/llm/answer';
import { PromptLibrary } from '../../src/core/llm/prompts';
import { CATALOGUE } from '../../src/core/transforms/catalogue';
import { REPO } from '../support/harness';

const BUILTIN = path.join(REPO, 'prompts');

describe('prompts', () => {
  it('has a prompt for every one of the 26 methods and the voters, each with the required parts', () => {
    const library = new PromptLibrary(BUILTIN);
    for (const id of [...CATALOGUE.map((m) => m.id), 'voter']) {
      const t = library.template(id);
      for (const section of ['Role', 'Task', 'Code', 'Answer']) assert.ok(t.sections.has(section), `${id} lacks ${section}`);
      if (id !== 'voter') {
        const task = t.sections.get('Task')!;
        for (const part of ['### Prerequisites', '### Requirements', '### Format']) assert.ok(task.includes(part), `${id}'s task lacks ${part}`);
        assert.match(t.sections.get('Code')!, /\{\{code\}\}/);
        assert.match(t.sections.get('Code')!, /\{\{entry_point\}\}/);
        assert.match(t.sections.get('Answer')!, /"code"/);
        assert.match(t.sections.get('Answer')!, /"entry_point"/);
      }
    }
  });

  it('renders the role as the system message and sends only the language notes of the unit', () => {
    const messages = new PromptLibrary(BUILTIN).render('for-while', 'rust', { code: 'fn f() {}', entry_point: 'f' });
    assert.strictEqual(messages[0].role, 'system');
    assert.match(messages[0].content, /expert Rust programmer/);
    assert.match(messages[1].content, /fn f\(\) \{\}/);
    assert.match(messages[1].content, /loop \{ if !\(cond\)/, 'the Rust note is there');
    assert.doesNotMatch(messages[1].content, /iter\(int, 1\)/, 'the Python note is not');
    assert.doesNotMatch(messages[1].content, /\{\{/, 'every placeholder is filled');
  });

  it('a workspace override wins, and a broken override says what is missing', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-prompts-'));
    fs.writeFileSync(path.join(dir, 'for-while.md'), '## Role\nYou are terse.\n## Task\nDo it.\n## Code\n{{code}}\n## Answer\nJSON {"code", "entry_point"}\n');
    fs.writeFileSync(path.join(dir, 'div-loop.md'), '## Role\nYou are terse.\n## Code\n{{code}}\n');
    const library = new PromptLibrary(BUILTIN, [dir]);
    assert.strictEqual(library.render('for-while', 'python', { code: 'x', entry_point: 'f' })[0].content, 'You are terse.');
    assert.throws(() => library.template('div-loop'), /div-loop\.md lacks the section\(s\) ## Task, ## Answer/);
    assert.match(library.render('swap-boolean-expression', 'python', { code: 'x', entry_point: 'f' })[0].content, /expert Python/);
  });
});

describe('reading answers', () => {
  it('reads plain JSON, fenced JSON and JSON inside prose', () => {
    assert.deepStrictEqual(parseAnswer('{"code": "x = 1", "entry_point": "f"}'), { ok: true, code: 'x = 1', entryPoint: 'f' });
    assert.deepStrictEqual(parseAnswer('```json\n{"code": "x = 1"}\n```'), { ok: true, code: 'x = 1', entryPoint: null });
    assert.deepStrictEqual(parseAnswer('Here you go: {"code": "y", "entry_point": "g"} hope it helps'), { ok: true, code: 'y', entryPoint: 'g' });
    assert.deepStrictEqual(parseAnswer('{"code": "```python\\nx = 1\\n```"}'), { ok: true, code: 'x = 1', entryPoint: null });
  });

  it('rejects what is not an answer, saying why', () => {
    assert.deepStrictEqual(parseAnswer('I cannot do that.'), { ok: false, reason: 'the answer is not JSON' });
    assert.deepStrictEqual(parseAnswer('{"entry_point": "f"}'), { ok: false, reason: 'the answer has no "code" field' });
    assert.deepStrictEqual(parseAnswer('{"code": ""}'), { ok: false, reason: 'the answer has no "code" field' });
    assert.deepStrictEqual(parseAnswer('[1, 2]'), { ok: false, reason: 'the answer is not JSON' });
  });

  it('reads votes', () => {
    assert.strictEqual(parseVote('True'), true);
    assert.strictEqual(parseVote('false.'), false);
    assert.strictEqual(parseVote('The answer is: False'), false);
    assert.strictEqual(parseVote('maybe'), null);
  });
});

describe('prompt template grammar', () => {
  const grammar = JSON.parse(fs.readFileSync(path.join(REPO, 'syntaxes', 'codemorph-prompt.tmLanguage.json'), 'utf8'));
  const manifest = JSON.parse(fs.readFileSync(path.join(REPO, 'package.json'), 'utf8'));

  it('is registered for prompt files, by path', () => {
    const language = manifest.contributes.languages.find((l: { id: string }) => l.id === 'codemorph-prompt');
    assert.deepStrictEqual(language.filenamePatterns, ['**/prompts/*.md', '**/.codemorph/prompts/*.md']);
    const entry = manifest.contributes.grammars.find((g: { language: string }) => g.language === 'codemorph-prompt');
    assert.strictEqual(entry.scopeName, grammar.scopeName);
    assert.ok(fs.existsSync(path.join(REPO, entry.path)));
  });

  it('marks sections and placeholders, and nothing else', () => {
    const section = new RegExp(grammar.repository.section.match, 'm');
    const placeholder = new RegExp(grammar.repository.placeholder.match, 'g');
    assert.ok(section.test('## Role'));
    assert.ok(section.test('## Language notes'));
    assert.ok(!section.test('## Something else'));
    assert.deepStrictEqual([...'Use {{code}} and {{ entry_point }} but not {single}'.matchAll(placeholder)].map((m) => m[2]), ['code', 'entry_point']);
  });
});
