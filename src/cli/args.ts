import { usageError } from '../core/errors';

export type FlagType = 'string' | 'number' | 'boolean';

export interface FlagSpec {
  type: FlagType;
  /** May be given more than once; values collect into a list. */
  repeat?: boolean;
  /** An empty value means something (`--args ""`: no arguments); for other strings it is a usage error. */
  empty?: boolean;
}

export interface Parsed {
  positionals: string[];
  flags: Map<string, string | number | boolean | string[]>;
}

/**
 * Strict flag parsing: an unknown flag, a missing value or a malformed number is a usage error
 * naming the flag, so a typo never silently changes what runs.
 */
export function parseArgs(argv: readonly string[], spec: Record<string, FlagSpec>, command: string): Parsed {
  const positionals: string[] = [];
  const flags = new Map<string, string | number | boolean | string[]>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--') {
      positionals.push(...argv.slice(i + 1));
      break;
    }
    if (!arg.startsWith('--') || arg === '-') {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const flag = spec[name];
    if (!flag) throw usageError(`${command} has no option --${name} (see codemorph --help)`);
    let value: string | undefined = eq < 0 ? undefined : arg.slice(eq + 1);
    if (flag.type === 'boolean') {
      if (value !== undefined) throw usageError(`--${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined || (value.startsWith('--') && value.length > 2)) throw usageError(`--${name} needs a value`);
    }
    if (flag.type === 'string' && !flag.empty && value.trim() === '') throw usageError(`--${name} needs a value, not an empty string`);
    let parsed: string | number = value;
    if (flag.type === 'number') {
      parsed = Number(value);
      if (value.trim() === '' || !Number.isFinite(parsed)) throw usageError(`--${name} needs a number, not "${value}"`);
    }
    if (flag.repeat) {
      const list = (flags.get(name) as string[] | undefined) ?? [];
      list.push(String(parsed));
      flags.set(name, list);
    } else {
      flags.set(name, parsed);
    }
  }
  return { positionals, flags };
}

export function str(p: Parsed, name: string): string | undefined {
  const v = p.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

export function num(p: Parsed, name: string): number | undefined {
  const v = p.flags.get(name);
  return typeof v === 'number' ? v : undefined;
}

export function bool(p: Parsed, name: string): boolean {
  return p.flags.get(name) === true;
}

export function list(p: Parsed, name: string): string[] {
  const v = p.flags.get(name);
  return Array.isArray(v) ? v : [];
}

export function integer(p: Parsed, name: string, min: number, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const v = num(p, name);
  if (v === undefined) return undefined;
  if (!Number.isInteger(v) || v < min || v > max) throw usageError(`--${name} needs a whole number from ${min}${max < Number.MAX_SAFE_INTEGER ? ` to ${max}` : ''}, not ${v}`);
  return v;
}

export function fraction(p: Parsed, name: string): number | undefined {
  const v = num(p, name);
  if (v === undefined) return undefined;
  if (v < 0 || v > 1) throw usageError(`--${name} needs a number from 0 to 1, not ${v}`);
  return v;
}
