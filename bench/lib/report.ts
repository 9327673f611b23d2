import * as os from 'os';
import * as path from 'path';
import { writeFileAtomic } from '../../src/core/files';
import { REPO } from '../../test/support/harness';

export const RESULTS_DIR = path.join(REPO, 'bench', 'results');

export interface Machine {
  date: string;
  node: string;
  platform: string;
  cpus: string;
  cores: number;
  memoryGiB: number;
}

export function machine(): Machine {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
  };
}

/** A Markdown table; numbers are printed as given (format them first). */
export function table(header: readonly string[], rows: readonly (readonly (string | number)[])[]): string {
  const line = (cells: readonly (string | number)[]) => `| ${cells.map(String).join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

export function pct(part: number, whole: number): string {
  return whole === 0 ? '-' : `${((100 * part) / whole).toFixed(1)}%`;
}

/** Writes `<name>.md`, `<name>.json` (and any extra files) under bench/results/, each atomically. */
export function writeResults(name: string, markdown: string, json: unknown, extra: Record<string, string> = {}): string[] {
  const written: string[] = [];
  const write = (file: string, text: string) => {
    const target = path.join(RESULTS_DIR, file);
    writeFileAtomic(target, text);
    written.push(path.relative(REPO, target));
  };
  write(`${name}.md`, markdown.endsWith('\n') ? markdown : `${markdown}\n`);
  write(`${name}.json`, `${JSON.stringify(json, null, 2)}\n`);
  for (const [file, text] of Object.entries(extra)) write(file, text);
  return written;
}

export function machineLine(m: Machine): string {
  return `${m.date.slice(0, 10)} · Node ${m.node} · ${m.platform} · ${m.cores} × ${m.cpus} · ${m.memoryGiB} GiB`;
}

/** Parses `--name value` options of a benchmark script. */
export function option(name: string): string | undefined {
  const at = process.argv.indexOf(`--${name}`);
  return at >= 0 ? process.argv[at + 1] : undefined;
}
