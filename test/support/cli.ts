import { spawn, spawnSync } from 'child_process';
import * as path from 'path';
import { REPO } from './harness';

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built CLI (dist/cli.js) as a user would, in the repository folder. */
export function cli(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): CliResult {
  const result = spawnSync(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], {
    cwd: options.cwd ?? REPO,
    env: { ...process.env, ...options.env },
    encoding: 'utf8',
    timeout: 600_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The one-line reason a failing command prints. */
export function reason(result: CliResult): string {
  const lines = result.stderr.split('\n').filter((l) => l.trim());
  return lines[lines.length - 1] ?? '';
}

/** The same, without blocking this process: for tests that serve the CLI from here (an LLM server). */
export function cliAsync(args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}): Promise<CliResult> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(REPO, 'dist', 'cli.js'), ...args], {
      cwd: options.cwd ?? REPO,
      env: { ...process.env, ...options.env },
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}
