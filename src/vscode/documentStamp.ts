import type * as vscode from 'vscode';

const serials = new WeakMap<vscode.TextDocument, number>();
let next = 1;

/**
 * Names one state of one open document. A version alone does not: a document closed and opened
 * again starts over at version 1, with whatever text the file has now, so a cache keyed by uri and
 * version hands the reopened document what was found in the old one.
 */
export function documentStamp(document: vscode.TextDocument): string {
  let serial = serials.get(document);
  if (serial === undefined) {
    serial = next++;
    serials.set(document, serial);
  }
  return `${document.uri.toString()}#${serial}@${document.version}`;
}
