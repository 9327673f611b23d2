import path = require('path');
import vscode = require('vscode');
import { LANGUAGE_IDS, LanguageId } from '../core/languages/languageIds';
import type { EngineKind } from '../core/llm/llmEngine';
import type { SearchOptions, Strategy } from '../core/search/types';
import type { ToolchainOverrides } from '../core/verify/toolchains';
import type { VerifyLevel, VerifyOptions } from '../core/verify/verifier';
import { engine } from './engineLoader';
import { isExampleCopy } from './examples';

export interface EditorSettings {
  engine: EngineKind;
  search: Omit<SearchOptions, 'seed'> & { seed: number | null };
  mu: number;
  verification: VerifyLevel;
  timeoutMs: number;
  toolchains: ToolchainOverrides;
  /** Per language: a shell template with {file} and {dir} that replaces the built-in compile check. */
  compileCommands: Partial<Record<LanguageId, string>>;
  /** Per language: the test command template ({file}, {dir}, {test}, {entry}), as --test-cmd takes it. */
  testCommands: Partial<Record<LanguageId, string>>;
  /** Build and test the project around the file (go.mod, Cargo.toml, package.json...) rather than the file alone. */
  projectVerification: boolean;
  /** A test file passed as {test}, absolute (resolved against the workspace folder). */
  testFile: string | undefined;
  /** Environment variables compilers and tests never see (besides the LLM key variables). */
  secretEnv: string[];
}

/** The folder a document belongs to, else the first one: relative paths in settings are resolved against it. */
export function folderOf(uri: vscode.Uri | undefined): vscode.WorkspaceFolder | undefined {
  return (uri && vscode.workspace.getWorkspaceFolder(uri)) ?? vscode.workspace.workspaceFolders?.[0];
}

/** The folder relative paths in settings are resolved against: the workspace folder, else the file's own. */
export function baseFolder(uri: vscode.Uri | undefined): string {
  // without a folder, next to the file itself: better than the extension host's working directory
  return folderOf(uri)?.uri.fsPath ?? (uri?.scheme === 'file' ? path.dirname(uri.fsPath) : process.cwd());
}

function resolvePath(value: string, uri: vscode.Uri | undefined): string {
  if (path.isAbsolute(value)) return value;
  return path.join(baseFolder(uri), value);
}

function perLanguage(c: vscode.WorkspaceConfiguration, prefix: string): Partial<Record<LanguageId, string>> {
  const out: Partial<Record<LanguageId, string>> = {};
  for (const lang of LANGUAGE_IDS) {
    const value = c.get<string>(`${prefix}.${lang}`, '').trim();
    if (value) out[lang] = value;
  }
  return out;
}

/**
 * Reads `codemorph.*` for a document (folder settings win over user settings; given the document
 * itself, or a file's URI with its language id, `"[go]": {"codemorph.verification": ...}` overrides apply too).
 */
export function readSettings(document?: vscode.TextDocument | vscode.Uri | { uri: vscode.Uri; languageId: string }): EditorSettings {
  const c = vscode.workspace.getConfiguration('codemorph', document);
  const scope = document && 'uri' in document ? document.uri : document;
  const testFile = c.get<string>('testFile', '').trim();
  // an explicit codemorph.maxGrowth overrides the profile's budget (0 turns it off); null leaves it to the profile
  const limits = engine().editorLimits(c.get<unknown>('profile'), c.get<unknown>('maxGrowth', null));
  return {
    engine: c.get<EngineKind>('engine', 'local'),
    search: {
      strategy: c.get<Strategy>('strategy', 'peso'),
      maxIter: c.get<number>('iterations', 15),
      threshold: c.get<number>('threshold', 0.2),
      temperature: c.get<number>('temperature', 2),
      seed: c.get<number | null>('seed', null),
      maxGrowth: limits.maxGrowth,
      maxJunk: limits.maxJunk,
    },
    mu: c.get<number>('mu', 0.5),
    verification: c.get<VerifyLevel>('verification', 'compile'),
    timeoutMs: c.get<number>('timeoutSeconds', 60) * 1000,
    toolchains: perLanguage(c, 'toolchain'),
    compileCommands: perLanguage(c, 'compileCommand'),
    testCommands: perLanguage(c, 'testCommand'),
    // the walkthrough's copies of the examples stand alone, whatever lies above them (examples.ts)
    projectVerification: c.get<boolean>('projectVerification', true) && !(scope?.scheme === 'file' && isExampleCopy(scope.fsPath)),
    testFile: testFile ? resolvePath(testFile, scope) : undefined,
    secretEnv: c.get<string[]>('secretEnv', []).filter((n) => typeof n === 'string'),
  };
}

/** A path for messages and entries: relative to the workspace folder when inside it. */
export function workspaceRelative(file: string, uri?: vscode.Uri): string {
  const folder = folderOf(uri);
  if (!folder) return file;
  const rel = path.relative(folder.uri.fsPath, file);
  return rel.startsWith('..') || path.isAbsolute(rel) ? file : rel.split(path.sep).join('/');
}

/** The verification part of an engine request for a language, at `level`, from the settings. */
export function verifyOptions(settings: EditorSettings, lang: LanguageId, level: VerifyLevel): VerifyOptions {
  return {
    level,
    toolchains: settings.toolchains,
    timeoutMs: settings.timeoutMs,
    compileCmd: settings.compileCommands[lang],
    testCmd: settings.testCommands[lang],
    testFile: settings.testFile,
    secretEnv: settings.secretEnv,
    ...(settings.projectVerification ? {} : { project: false as const }),
  };
}
