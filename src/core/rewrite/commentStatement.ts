import { dedent } from './problems';

/**
 * A problem statement held in a comment (`/* ... *\/`, `/** ... *\/` with or without a star on each
 * line, or a run of `//` lines): its text without the comment's marks, and a way to put another
 * text back in the same layout (the same opening, line prefix and closing line), so a rewrite
 * changes the words and nothing around them.
 */
export interface CommentStatement {
  text: string;
  render(text: string): string | { error: string };
}

export function commentStatement(comment: string): CommentStatement {
  return comment.startsWith('//') ? lineComments(comment) : blockComment(comment);
}

function trimBlankEnds(lines: string[]): string {
  return lines.map((l) => l.trimEnd()).join('\n').replace(/^\n+/, '').replace(/\s+$/, '');
}

function blockComment(comment: string): CommentStatement {
  const opener = /^\/\*+!?/.exec(comment)![0];
  const lines = comment.slice(opener.length, comment.length - 2).split('\n');
  const firstOnOpener = lines[0].trim() !== '';
  const lead = /^[ \t]*/.exec(lines[0])![0];
  const closerOwnLine = lines.length > 1 && lines[lines.length - 1].trim() === '';
  const closing = closerOwnLine ? `\n${lines[lines.length - 1]}*/` : `${/[ \t]*$/.exec(lines[lines.length - 1])![0]}*/`;
  const middle = lines.slice(1, closerOwnLine ? -1 : undefined);
  const filled = middle.filter((l) => l.trim());
  const starred = filled.length > 0 && filled.every((l) => /^[ \t]*\*(?!\/)/.test(l));
  let prefix: string;
  let inner: string[];
  if (starred) {
    prefix = /^[ \t]*\*[ \t]?/.exec(filled[0])![0];
    inner = middle.map((l) => l.replace(/^[ \t]*\*[ \t]?/, ''));
  } else {
    const indents = filled.map((l) => /^[ \t]*/.exec(l)![0]);
    prefix = indents.reduce((a, b) => (b.length < a.length ? b : a), indents[0] ?? '');
    inner = dedent(middle);
  }
  const text = trimBlankEnds([...(firstOnOpener ? [lines[0].trim()] : []), ...inner]);
  return {
    text,
    render(next) {
      if (next.includes('*/')) return { error: 'the rewritten statement holds the comment\'s closing */' };
      const rows = next.replace(/\s+$/, '').split('\n').map((l) => l.trimEnd());
      const withPrefix = (l: string) => (l ? `${prefix}${l}` : prefix.trimEnd());
      const body = firstOnOpener ? [`${lead}${rows[0]}`, ...rows.slice(1).map(withPrefix)].join('\n') : `\n${rows.map(withPrefix).join('\n')}`;
      return `${opener}${body}${closing}`;
    },
  };
}

function lineComments(comment: string): CommentStatement {
  const lines = comment.split('\n');
  const marker = /^\/\/+[ \t]?/.exec(lines[0])![0];
  const indent = lines.length > 1 ? /^[ \t]*/.exec(lines[1])![0] : '';
  const text = trimBlankEnds(lines.map((l) => l.replace(/^[ \t]*\/\/+[ \t]?/, '')));
  return {
    text,
    render(next) {
      const rows = next.replace(/\s+$/, '').split('\n').map((l) => l.trimEnd());
      return rows.map((l, i) => `${i ? indent : ''}${l ? `${marker}${l}` : marker.trimEnd()}`).join('\n');
    },
  };
}

/**
 * The examples a statement states in doctest form: each `>>>` line with the lines under it up to
 * a blank line or the next example, every line trimmed.
 */
export function statedExamples(statement: string): string[] {
  const examples: string[] = [];
  let current: string[] | undefined;
  for (const raw of statement.split('\n')) {
    const line = raw.trim();
    if (line.startsWith('>>>')) {
      if (current) examples.push(current.join('\n'));
      current = [line];
    } else if (current && line) current.push(line);
    else if (current) {
      examples.push(current.join('\n'));
      current = undefined;
    }
  }
  if (current) examples.push(current.join('\n'));
  return examples;
}

/**
 * Where a statement's examples cannot be run here (they are in the record's language, and its
 * example test checks the original's), a rewrite must state every original example as written and
 * no other: null when it does, else why not.
 */
export function examplesKept(original: string, rewritten: string): string | null {
  const before = statedExamples(original);
  const after = statedExamples(rewritten);
  const lost = before.find((e) => !after.includes(e));
  if (lost) return `the rewritten statement changes or drops the example ${JSON.stringify(lost.split('\n')[0])}`;
  const added = after.find((e) => !before.includes(e));
  if (added) return `the rewritten statement adds an example the original does not state, which cannot be checked here: ${JSON.stringify(added.split('\n')[0])}`;
  return null;
}
