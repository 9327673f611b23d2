import fs = require('fs');
import os = require('os');
import path = require('path');
import { CodemorphError } from '../errors';
import { installRoot } from '../install';
import type { LanguageId } from '../languages/languageIds';
import type { ToolSpec } from '../languages/languageProfile';
import { profileOf } from '../languages/profiles';
import { childProcess } from '../lazyBuiltins';
import { childEnv, runProcess } from './process';

/** The tools a language's checks call, by role; users point each at another path. */
export type ToolRole = 'compiler' | 'runtime';

export interface ToolchainOverrides {
  /** Executable paths by language (`codemorph.toolchain.<lang>`, `--toolchain <lang>=PATH`). */
  [lang: string]: string | undefined;
}

/** The tool of the role: the runtime where the language names one apart, else its compiler (the language's toolchain profile). */
function specOf(lang: LanguageId, role: ToolRole): ToolSpec {
  const { compiler, runtime } = profileOf(lang).toolchain;
  return role === 'runtime' ? (runtime ?? compiler) : compiler;
}

export function settingFor(lang: LanguageId): string {
  return `codemorph.toolchain.${lang}`;
}

/** The message every missing-tool error carries: what is missing, and both ways to fix it. */
export function missingToolchain(lang: LanguageId, role: ToolRole, command: string): CodemorphError {
  const spec = specOf(lang, role);
  return new CodemorphError(
    'toolchain',
    `${command} was not found, so ${lang} code cannot be ${role === 'runtime' ? 'run' : 'compiled'}: ${spec.install}, ` +
      `or point the setting ${settingFor(lang)} (CLI: --toolchain ${lang}=PATH) at it`,
  );
}

function onPath(command: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (!dir) continue;
    const candidate = path.join(dir, command);
    try {
      fs.accessSync(candidate, fs.constants.X_OK);
      return candidate;
    } catch {
      // keep looking
    }
  }
  return undefined;
}

/** Finds `node_modules/.bin/<tool>` in `from` or any folder above it. */
function localBin(tool: string, from: string): string | undefined {
  for (let dir = path.resolve(from); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '.bin', tool);
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}

export interface ResolvedTool {
  command: string;
  /** Extra arguments that must precede the tool's own (none today; kept for `node tsc.js`). */
  prefix: string[];
}

/**
 * The executable for a language's compiler or runtime: an override wins; TypeScript's
 * compiler comes from the workspace's node_modules, then from CodeMorph's own; Node.js
 * defaults to the one running us when that is a plain Node.js.
 */
export function resolveTool(lang: LanguageId, role: ToolRole, overrides: ToolchainOverrides, nearFile?: string): ResolvedTool {
  if (role === 'compiler' && overrides[lang]) return { command: overrides[lang]!, prefix: [] };
  const spec = specOf(lang, role);
  if (spec.command === 'node' && !process.versions.electron) return { command: process.execPath, prefix: [] };
  const { compilerPackage, ownPathArgs } = profileOf(lang).toolchain;
  if (compilerPackage && role === 'compiler') {
    const local = (nearFile && localBin(compilerPackage, path.dirname(nearFile))) ?? localBin(compilerPackage, installRoot());
    if (local) return { command: local, prefix: [] };
  }
  if (spec.command === 'java' && overrides.java) {
    // a javac override names a JDK: take its java from the same folder
    const sibling = path.join(path.dirname(overrides.java), 'java');
    if (fs.existsSync(sibling)) return { command: sibling, prefix: [] };
  }
  const found = onPath(spec.command);
  if (found && ownPathArgs) return { command: toolBehindShim(found, ownPathArgs), prefix: [] };
  return { command: found ?? spec.command, prefix: [] };
}

const shimTargets = new Map<string, string>();

/**
 * Version managers (pyenv, asdf) put a shell-script shim on PATH that costs a few hundred
 * milliseconds per call; verification calls Python thousands of times in a dataset run, so the
 * interpreter behind the shim is asked once for its real path (`ownPathArgs`, the language's toolchain).
 */
function toolBehindShim(found: string, ownPathArgs: readonly string[]): string {
  if (path.basename(path.dirname(found)) !== 'shims') return found;
  let target = shimTargets.get(found);
  if (target === undefined) {
    try {
      target = childProcess().execFileSync(found, [...ownPathArgs], { encoding: 'utf8', timeout: 60_000, cwd: os.tmpdir(), env: childEnv() }).trim();
      if (!target || !fs.existsSync(target)) target = found;
    } catch {
      // a shim too slow to answer (a loaded machine) is used as it is, and asked again next time
      return found;
    }
    shimTargets.set(found, target);
  }
  return target;
}

/**
 * Asks a version manager's shim for the Python behind it without blocking the event loop, so that
 * a caller can do it while other work goes on (evaluate: while its first requests are in flight);
 * resolveTool then finds the answer cached. Nothing to do without a shim or with an override.
 */
export function warmTool(lang: LanguageId, overrides: ToolchainOverrides): Promise<void> {
  const ownPathArgs = profileOf(lang).toolchain.ownPathArgs;
  if (!ownPathArgs || overrides[lang]) return Promise.resolve();
  const found = onPath(profileOf(lang).toolchain.compiler.command);
  if (!found || path.basename(path.dirname(found)) !== 'shims' || shimTargets.has(found)) return Promise.resolve();
  // a process of the run's own (its group killed on timeout and with the run), unlike a bare execFile
  return runProcess(found, [...ownPathArgs], { cwd: os.tmpdir(), timeoutMs: 60_000 }).then((result) => {
    const target = result.stdout.trim();
    if (result.code === 0 && !result.timedOut && target && fs.existsSync(target)) shimTargets.set(found, target);
  });
}

/** Whether an optional helper (pylint) is installed. */
export function optionalTool(command: string): string | undefined {
  return onPath(command);
}

/** `node_modules/@types` near a file, for type-checking a lone TypeScript file against its workspace. */
export function typeRootsNear(file: string): string | undefined {
  for (let dir = path.dirname(path.resolve(file)); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', '@types');
    if (fs.existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) return undefined;
  }
}
