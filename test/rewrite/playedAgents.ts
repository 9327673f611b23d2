import type { Reply, SeenRequest } from '../support/fakeOpenAI';

/**
 * The model of the rewriting tests, played deterministically from what each request asks: the
 * scenario proposer, the context generator, the rewriter and the judge. `rewrites` decides, per
 * function and attempt (counted per function), what the rewriter answers.
 */
export type RewriteAnswer = (original: string, entry: string, attempt: number, scenario: string) => string;

export function userText(request: SeenRequest): string {
  return request.body.messages.find((m) => m.role === 'user')?.content ?? '';
}

/** A faithful rewrite: the scenario's name in front of the original statement, its examples kept. */
export const faithful: RewriteAnswer = (original, _entry, _attempt, scenario) => `In ${scenario}: ${original}`;

export function playAgents(rewrites: RewriteAnswer = faithful, judge: (rewritten: string) => boolean = (t) => !t.includes('every other')) {
  const attempts = new Map<string, number>();
  let proposals = 0;
  return (request: SeenRequest): Reply => {
    const text = userText(request);
    if (text.startsWith('Propose ')) {
      const count = Number(/Propose (\d+)/.exec(text)![1]);
      proposals++;
      // one repeat of a built-in name each time: the pool must not take it twice
      const fresh = Array.from({ length: count }, (_, i) => ({ name: `played scenario ${proposals}.${i}`, description: `data of the played scenario ${proposals}.${i}` }));
      return { content: `Here they are:\n\`\`\`json\n${JSON.stringify([{ name: 'Retail banking', description: 'again' }, ...fresh])}\n\`\`\`` };
    }
    if (text.includes('A programming problem takes these inputs')) {
      const names = [...text.matchAll(/^- (\w+): /gm)].map((m) => m[1]);
      return { content: JSON.stringify(Object.fromEntries(names.map((n) => [n, `the ${n} of the scenario`]))) };
    }
    if (text.startsWith('Rewrite the statement')) {
      const entry = /referring to the function as\s+(\w+)/.exec(text)![1];
      const scenario = /^Scenario: (.*) \(/m.exec(text)![1];
      const original = /\n<statement>\n([\s\S]*?)\n<\/statement>/.exec(text)![1];
      const attempt = (attempts.get(entry) ?? 0) + 1;
      attempts.set(entry, attempt);
      return { content: JSON.stringify({ statement: rewrites(original, entry, attempt, scenario) }) };
    }
    if (text.startsWith('Two statements of a programming problem')) {
      const rewritten = /\n<rewritten>\n([\s\S]*?)\n<\/rewritten>/.exec(text)![1];
      return { content: judge(rewritten) ? 'Yes, it asks the same.' : 'No: it asks for every other element only.' };
    }
    return { status: 400, body: '{"error":{"message":"the played model does not know this prompt"}}' };
  };
}

export const HUMANEVAL = [
  {
    task_id: 'HumanEval/0',
    prompt: 'def add(xs: list, k: int) -> list:\n    """ Add k to every number of xs.\n    >>> add([1, 2], 3)\n    [4, 5]\n    """\n',
    canonical_solution: '    return [x + k for x in xs]\n',
    test: '\n\ndef check(candidate):\n    assert candidate([1, 2], 3) == [4, 5]\n    assert candidate([], 1) == []\n    assert candidate([1.5], 1) == [2.5]\n\n',
    entry_point: 'add',
  },
  {
    task_id: 'HumanEval/1',
    prompt: 'from typing import Dict\n\n\ndef count_words(text: str) -> Dict[str, int]:\n    """Count how often each word of text occurs.\n    >>> count_words("a b a")\n    {\'a\': 2, \'b\': 1}\n    """\n',
    canonical_solution: '    out = {}\n    for w in text.split():\n        out[w] = out.get(w, 0) + 1\n    return out\n',
    test: '\n\ndef check(candidate):\n    assert candidate("a b a") == {"a": 2, "b": 1}\n    assert candidate("") == {}\n\n',
    entry_point: 'count_words',
  },
];

export const MBPP = [
  {
    task_id: 11,
    text: 'Write a python function remove_Occ to remove first and last occurrence of a given character from the string.',
    code: 'def remove_Occ(s,ch): \r\n    for i in range(len(s)): \r\n        if (s[i] == ch): \r\n            s = s[0 : i] + s[i + 1:] \r\n            break\r\n    for i in range(len(s) - 1,-1,-1):  \r\n        if (s[i] == ch): \r\n            s = s[0 : i] + s[i + 1:] \r\n            break\r\n    return s ',
    test_list: ['assert remove_Occ("hello","l") == "heo"', 'assert remove_Occ("abcda","a") == "bcd"', 'assert remove_Occ("PHP","P") == "H"'],
    test_setup_code: '',
    challenge_test_list: [],
  },
];
