// Which editor the views and the commands act on. Plain logic (no vscode), tested in test/vscode/.

/**
 * What kind of editor is active: one the user edits code in, one of CodeMorph's own documents
 * (a step's diff, a preview, an original, an entry), another panel that happens to be a text
 * editor (the Output panel, a git original), or none (a webview such as the walkthrough, or no
 * editor at all).
 */
export type ActiveKind = 'code' | 'codemorph' | 'other' | 'none';

/** Schemes of text editors that are not code the user works on. */
const NOT_CODE = new Set(['output', 'git', 'debug', 'vscode-settings', 'walkThroughSnippet']);

export function activeKind(scheme: string | undefined, codemorphScheme: string): ActiveKind {
  if (scheme === undefined) return 'none';
  if (scheme === codemorphScheme) return 'codemorph';
  return NOT_CODE.has(scheme) ? 'other' : 'code';
}

/** The last code editor the user was in, as far as the rule needs to know. */
export interface Remembered {
  /** Its document is still open. */
  open: boolean;
  /** A tab still shows it (in any group, visible or not). */
  tabbed: boolean;
}

/**
 * The active code editor when there is one. While one of CodeMorph's documents is active (the
 * user is looking at a step, a preview or an entry that CodeMorph opened for the function), the
 * last code editor, so the views stay on the function they showed. While another panel or a
 * webview is active, the last code editor as long as a tab still holds it; once every tab is
 * closed, nothing.
 */
export function followedEditor(active: ActiveKind, remembered: Remembered | undefined): 'active' | 'remembered' | 'none' {
  if (active === 'code') return 'active';
  if (!remembered) return 'none';
  if (active === 'codemorph') return remembered.open ? 'remembered' : 'none';
  return remembered.tabbed ? 'remembered' : 'none';
}
