import * as vscode from 'vscode';
import { LANGUAGE_IDS } from '../core/languages/languageIds';
import type { EngineKind } from '../core/llm/llmEngine';
import type { SearchOptions } from '../core/search/types';
import type { ToolchainOverrides } from '../core/verify/toolchains';
import type { VerifyLevel } from '../core/verify/verifier';

export interface EditorSettings {
  engine: EngineKind;
  search: Omit<SearchOptions, 'seed'> & { seed: number | null };
  mu: number;
  verification: VerifyLevel;
  timeoutMs: number;
  toolchains: ToolchainOverrides;
}

/** Reads `codemorph.*` for a document's scope (folder settings win over user settings). */
export function readSettings(scope?: vscode.ConfigurationScope): EditorSettings {
  const c = vscode.workspace.getConfiguration('codemorph', scope);
  const toolchains: ToolchainOverrides = {};
  for (const lang of LANGUAGE_IDS) {
    const value = c.get<string>(`toolchain.${lang}`, '').trim();
    if (value) toolchains[lang] = value;
  }
  return {
    engine: c.get<EngineKind>('engine', 'local'),
    search: {
      strategy: 'peso',
      maxIter: c.get<number>('iterations', 15),
      threshold: c.get<number>('threshold', 0.2),
      temperature: c.get<number>('temperature', 2),
      seed: c.get<number | null>('seed', null),
    },
    mu: c.get<number>('mu', 0.5),
    verification: c.get<VerifyLevel>('verification', 'compile'),
    timeoutMs: c.get<number>('timeoutSeconds', 60) * 1000,
    toolchains,
  };
}
