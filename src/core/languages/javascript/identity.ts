/**
 * What the editor needs to know about JavaScript before the engine loads: kept free of imports, so it
 * may join the editor bundle (scripts/build.mjs EDITOR_CORE_ALLOWED) through languageIds.ts.
 */
export const identity = {
  name: 'JavaScript',
  extensions: ['.js', '.mjs', '.cjs', '.jsx'],
} as const;
