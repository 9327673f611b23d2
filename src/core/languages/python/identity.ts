/**
 * What the editor needs to know about Python before the engine loads: kept free of imports, so it
 * may join the editor bundle (scripts/build.mjs EDITOR_CORE_ALLOWED) through languageIds.ts.
 */
export const identity = {
  name: 'Python',
  extensions: ['.py', '.pyw'],
} as const;
