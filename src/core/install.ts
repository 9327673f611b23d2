import fs = require('fs');
import path = require('path');

let root: string | undefined;

/** CodeMorph's own folder: the nearest one above this module whose package.json is ours. */
export function installRoot(): string {
  if (root) return root;
  for (let dir = __dirname; path.dirname(dir) !== dir; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && /"name":\s*"codemorph"/.test(fs.readFileSync(manifest, 'utf8'))) return (root = dir);
  }
  return (root = __dirname);
}
