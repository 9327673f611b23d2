import fs = require('fs');
import { inputError } from '../errors';
import { redactSecrets } from '../redact';

/**
 * The keys (see recordKey, jobKey) of the records already in an output file, as counts (an input may
 * repeat a task id). A last line without its newline is what a killed run was writing: it is cut
 * off so the run can continue from the last complete record.
 */
export function doneRecords(file: string, idField = 'task_id'): Map<string, number> {
  const done = new Map<string, number>();
  if (!fs.existsSync(file)) return done;
  let text = fs.readFileSync(file, 'utf8');
  const lastNewline = text.lastIndexOf('\n');
  if (lastNewline !== text.length - 1) {
    fs.truncateSync(file, Buffer.byteLength(text.slice(0, lastNewline + 1)));
    text = text.slice(0, lastNewline + 1);
  }
  text.split('\n').forEach((line, i) => {
    if (!line) return;
    let rec: Record<string, unknown>;
    try {
      rec = JSON.parse(line);
    } catch {
      throw inputError(`${file} line ${i + 1} is not a JSON record: it is not an output of codemorph dataset; remove that line or choose another --out`);
    }
    const id = rec[idField];
    const key = id === null || id === undefined ? `line:${rec.line}` : `task:${String(id)}`;
    done.set(key, (done.get(key) ?? 0) + 1);
  });
  return done;
}

/**
 * Appends records one line at a time: each line is one write followed by fsync, so a killed run
 * loses at most the records in flight and never leaves half of one behind (short of a torn write,
 * which doneRecords cuts off).
 */
export class RecordWriter {
  private readonly fd: number;

  constructor(file: string) {
    this.fd = fs.openSync(file, 'a');
  }

  append(line: string): void {
    fs.writeSync(this.fd, `${redactSecrets(line)}\n`);
    fs.fsyncSync(this.fd);
  }

  close(): void {
    fs.closeSync(this.fd);
  }
}
