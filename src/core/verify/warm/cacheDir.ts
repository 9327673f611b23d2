import fs = require('fs');
import os = require('os');
import path = require('path');

/** Names the folder CodeMorph keeps its caches in (built warm checkers, Go's build cache), instead of the default. */
export const CACHE_VARIABLE = 'CODEMORPH_CACHE_DIR';

/**
 * Where CodeMorph keeps what is worth keeping between runs: the warm checkers built from their
 * sources, and Go's build cache when the user has none (a scratch copy's path changes every run,
 * so a cache inside it would start cold every time). `$CODEMORPH_CACHE_DIR`, else the XDG cache
 * folder (`$XDG_CACHE_HOME/codemorph`, `~/.cache/codemorph`), else one in the system's
 * temporary folder. Nothing in it is a secret or the user's: it can be deleted at any time.
 */
export function cacheRoot(): string {
  const given = process.env[CACHE_VARIABLE];
  if (given) return path.resolve(given);
  const xdg = process.env.XDG_CACHE_HOME;
  if (xdg && path.isAbsolute(xdg)) return path.join(xdg, 'codemorph');
  const home = process.env.HOME;
  if (home && path.isAbsolute(home) && writable(home)) return path.join(home, '.cache', 'codemorph');
  return path.resolve(os.tmpdir(), 'codemorph-cache');
}

function writable(dir: string): boolean {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}
