import fs = require('fs');
import path = require('path');
import { installRoot } from './install';

declare const CODEMORPH_VERSION: string | undefined;

/** The extension's version, set by the bundler; tests compiled without it read package.json. */
export function toolVersion(): string {
  if (typeof CODEMORPH_VERSION === 'string') return CODEMORPH_VERSION;
  return (JSON.parse(fs.readFileSync(path.join(installRoot(), 'package.json'), 'utf8')) as { version: string }).version;
}
