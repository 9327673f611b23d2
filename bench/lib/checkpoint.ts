import * as fs from 'fs';
import * as path from 'path';
import { RESULTS_DIR } from './report';

/**
 * Results of a long benchmark kept line by line as they come in, so that a run that is killed
 * (or runs out of time) continues with `--resume` where it stopped instead of starting over.
 */
export class Checkpoint<T> {
  private readonly file: string;
  private readonly done = new Map<string, T>();

  constructor(name: string, resume: boolean) {
    this.file = path.join(RESULTS_DIR, `${name}.checkpoint.tmp`);
    if (!resume) fs.rmSync(this.file, { force: true });
    else if (fs.existsSync(this.file)) {
      for (const line of fs.readFileSync(this.file, 'utf8').split('\n')) {
        // a line cut short by a kill is simply done again
        try {
          const { key, value } = JSON.parse(line) as { key: string; value: T };
          this.done.set(key, value);
        } catch {
          continue;
        }
      }
    }
  }

  get size(): number {
    return this.done.size;
  }

  get(key: string): T | undefined {
    return this.done.get(key);
  }

  record(key: string, value: T): T {
    this.done.set(key, value);
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    fs.appendFileSync(this.file, `${JSON.stringify({ key, value })}\n`);
    return value;
  }

  finish(): void {
    fs.rmSync(this.file, { force: true });
  }
}
