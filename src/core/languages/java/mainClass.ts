import path = require('path');

/**
 * The class whose `main` runs the program: the class that encloses a `static void main(` (the
 * public one when several have a main). Braces are counted outside comments and strings, because
 * a class declared before the one holding `main` must not be taken for it.
 */
export function javaMainClass(source: string, fileName: string): string {
  const stack: { name: string | null; isPublic: boolean }[] = [];
  let pending: { name: string; isPublic: boolean } | null = null;
  const found: { name: string; isPublic: boolean }[] = [];
  const word = /[A-Za-z_$][\w$]*/y;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === '/' && source[i + 1] === '/') i = endOf(source, '\n', i + 2);
    else if (c === '/' && source[i + 1] === '*') i = endOf(source, '*/', i + 2) + 1;
    else if (source.startsWith('"""', i)) i = endOf(source, '"""', i + 3) + 2;
    else if (c === '"' || c === "'") i = endOfQuoted(source, c, i + 1);
    else if (c === '{') {
      stack.push(pending ?? { name: null, isPublic: false });
      pending = null;
    } else if (c === '}') stack.pop();
    else if (/[A-Za-z_$]/.test(c) && !/[\w$.]/.test(source[i - 1] ?? ' ')) {
      word.lastIndex = i;
      const w = word.exec(source)![0];
      if (w === 'class' || w === 'interface' || w === 'enum' || w === 'record') {
        const rest = /\s+([A-Za-z_$][\w$]*)/y.exec(source.slice(i + w.length));
        if (rest) pending = { name: rest[1], isPublic: /\bpublic\s+(?:\w+\s+)*$/.test(source.slice(Math.max(0, i - 60), i)) };
      } else if (w === 'static' && /^static\s+void\s+main\s*\(/.test(source.slice(i, i + 40))) {
        const owner = [...stack].reverse().find((f) => f.name !== null);
        if (owner) found.push({ name: owner.name!, isPublic: owner.isPublic });
      }
      i += w.length - 1;
    }
  }
  const chosen = found.find((f) => f.isPublic) ?? found[0];
  return chosen ? chosen.name : path.basename(fileName, '.java');
}

function endOf(source: string, close: string, from: number): number {
  const at = source.indexOf(close, from);
  return at < 0 ? source.length : at;
}

function endOfQuoted(source: string, quote: string, from: number): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === quote || source[i] === '\n') return i;
  }
  return source.length;
}

/** The class whose static method `entry` is: the last class declared before the method. */
export function staticMethodOwner(code: string, entry: string): string | null {
  const at = new RegExp(`\\bstatic\\b[^;{}=]*\\b${entry}\\s*\\(`).exec(code);
  if (!at) return null;
  const classes = [...code.slice(0, at.index).matchAll(/\b(?:class|record|enum)\s+([A-Za-z_$][\w$]*)/g)];
  return classes.length ? classes[classes.length - 1][1] : null;
}
