import fs = require('fs');
import os = require('os');
import path = require('path');
import { toolVersion } from '../core/version';

/** Environment variables whose values never go into a log (the LLM key). */
const SECRET_VARIABLES = ['CODEMORPH_API_KEY', 'OPENAI_API_KEY'];

function withoutSecrets(text: string): string {
  let out = text.replace(/\/\/[^/\s:@]+:[^/\s@]+@/g, '//***@');
  for (const name of SECRET_VARIABLES) {
    const value = process.env[name];
    if (value && value.length >= 4) out = out.split(value).join('***');
  }
  return out;
}

function firstLine(e: unknown): string {
  const text = e instanceof Error ? `${e.name === 'Error' ? '' : `${e.name}: `}${e.message}` : String(e);
  const line = text.split('\n').find((l) => l.trim()) ?? 'unknown error';
  return withoutSecrets(line.length > 200 ? `${line.slice(0, 199)}…` : line);
}

/** Where the details of internal errors go: the OS's temporary folder, one file per error. */
export function internalErrorLog(now = new Date()): string {
  return path.join(os.tmpdir(), `codemorph-error-${now.toISOString().replace(/[:.]/g, '-')}-${process.pid}.log`);
}

/**
 * An error that is a bug in CodeMorph rather than something the user can fix: the one line to
 * print (what failed, and where the details went), with the stack and the command written to a
 * log file the user can attach to a bug report. With CODEMORPH_VERBOSE=1 the stack is printed as
 * well (`verbose` receives it).
 */
export function internalErrorLine(e: unknown, argv: readonly string[], verbose?: (details: string) => void): string {
  const stack = withoutSecrets(e instanceof Error ? (e.stack ?? e.message) : String(e));
  const details = [
    `codemorph ${toolVersion()}, Node ${process.version}, ${process.platform} ${process.arch}`,
    `command: codemorph ${withoutSecrets(argv.map((a) => (/^[\w./=:,@+-]+$/.test(a) ? a : JSON.stringify(a))).join(' '))}`,
    `cwd: ${process.cwd()}`,
    '',
    stack,
    '',
  ].join('\n');
  verbose?.(details);
  let where: string;
  try {
    const file = internalErrorLog();
    fs.writeFileSync(file, details, { mode: 0o600 });
    where = `details in ${file}; please attach that file to a bug report`;
  } catch {
    where = 'CODEMORPH_VERBOSE=1 prints the details; please add them to a bug report';
  }
  return `internal error: ${firstLine(e)} (a bug in codemorph; ${where})`;
}
