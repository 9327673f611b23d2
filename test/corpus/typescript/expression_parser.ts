/** A recursive-descent evaluator for arithmetic: + - * / with parentheses and unary minus. */
class Parser {
  private pos = 0;

  constructor(private readonly source: string) {}

  parse(): number {
    const value = this.parseExpression();
    this.skipSpaces();
    if (this.pos < this.source.length) {
      throw new Error(`unexpected '${this.source[this.pos]}' at ${this.pos}`);
    }
    return value;
  }

  private skipSpaces(): void {
    while (this.source[this.pos] === ' ') {
      this.pos++;
    }
  }

  private parseExpression(): number {
    let value = this.parseTerm();
    for (;;) {
      this.skipSpaces();
      const op = this.source[this.pos];
      if (op !== '+' && op !== '-') {
        return value;
      }
      this.pos++;
      const right = this.parseTerm();
      value = op === '+' ? value + right : value - right;
    }
  }

  private parseTerm(): number {
    let value = this.parseFactor();
    for (;;) {
      this.skipSpaces();
      const op = this.source[this.pos];
      if (op !== '*' && op !== '/') {
        return value;
      }
      this.pos++;
      const right = this.parseFactor();
      if (op === '/' && right === 0) {
        throw new Error('division by zero');
      }
      value = op === '*' ? value * right : value / right;
    }
  }

  /** factor := number | '(' expression ')' | '-' factor */
  parseFactor(): number {
    this.skipSpaces();
    if (this.pos >= this.source.length) {
      throw new Error('unexpected end of input');
    }
    const ch = this.source[this.pos];
    if (ch === '-') {
      this.pos++;
      return -this.parseFactor();
    }
    if (ch === '(') {
      this.pos++;
      const value = this.parseExpression();
      this.skipSpaces();
      if (this.source[this.pos] !== ')') {
        throw new Error(`expected ')' at ${this.pos}`);
      }
      this.pos++;
      return value;
    }
    const start = this.pos;
    while (this.pos < this.source.length && ((this.source[this.pos] >= '0' && this.source[this.pos] <= '9') || this.source[this.pos] === '.')) {
      this.pos++;
    }
    if (start === this.pos) {
      throw new Error(`unexpected '${ch}' at ${start}`);
    }
    return parseFloat(this.source.slice(start, this.pos));
  }
}

let failures = 0;
function check<T>(label: string, got: T, expected: T): void {
  const text = JSON.stringify(got);
  console.log(`${label} = ${text}`);
  if (text !== JSON.stringify(expected)) {
    console.log(`  MISMATCH: expected ${JSON.stringify(expected)}`);
    failures += 1;
  }
}

function evaluate(source: string): number | string {
  try {
    return new Parser(source).parse();
  } catch (error) {
    return `error: ${(error as Error).message}`;
  }
}

const cases: Array<[string, number | string]> = [
  ['42', 42],
  ['1 + 2 * 3', 7],
  ['(1 + 2) * 3', 9],
  ['10 - 4 - 3', 3],
  ['-(2 + 3) * --2', -10],
  ['7 / 2', 3.5],
  ['2 * (3 + (4 - 1)) / 0.5', 24],
  ['1 / (2 - 2)', 'error: division by zero'],
  ['(1 + 2', "error: expected ')' at 6"],
  ['3 +', 'error: unexpected end of input'],
  ['4 $ 2', "error: unexpected '$' at 2"],
];
for (const [source, expected] of cases) {
  check(`evaluate(${JSON.stringify(source)})`, evaluate(source), expected);
}
if (failures > 0) {
  throw new Error(`${failures} checks failed`);
}
console.log('all checks passed');

export {};
