import util = require('util');
import { usageError } from '../core/errors';

export type FlagType = 'string' | 'number' | 'boolean';

export interface FlagSpec {
  type: FlagType;
  /** What the help says the flag does: one short line. */
  help: string;
  /** The value's placeholder in the help (`N`, `FILE`, `peso|random|beam`); booleans take none. */
  value?: string;
  /** May be given more than once; values collect into a list. */
  repeat?: boolean;
  /** An empty value means something (`--args ""`: no arguments); for other strings it is a usage error. */
  empty?: boolean;
  /** Parsed but left out of the help (the worker mode a parent starts its children in). */
  hidden?: boolean;
}

/** Flags under one heading of a command's help. */
export interface FlagGroup {
  title: string;
  flags: Readonly<Record<string, FlagSpec>>;
}

/**
 * A subcommand's interface: what its parser accepts and what its help says come from this one
 * table, so the two cannot drift.
 */
export interface CommandSpec {
  name: string;
  /** The positionals as the usage line shows them: `<file>`, `<fileA> <fileB>`. */
  args: string;
  summary: string;
  groups: readonly FlagGroup[];
  /** Lines after the options: defaults and rules that belong to no single flag. */
  notes?: readonly string[];
}

export interface Parsed {
  positionals: string[];
  flags: Map<string, string | number | boolean | string[]>;
}

/** Every flag a command takes; a later group's flag of the same name replaces an earlier one. */
export function flagsOf(spec: CommandSpec): Record<string, FlagSpec> {
  return Object.assign({}, ...spec.groups.map((g) => g.flags));
}

/** `--help` or `-h` among a command's arguments (before a `--`, after which everything is a file). */
export function wantsHelp(argv: readonly string[]): boolean {
  for (const arg of argv) {
    if (arg === '--') return false;
    if (arg === '--help' || arg === '-h') return true;
  }
  return false;
}

/**
 * Strict flag parsing: an unknown flag, a missing value or a malformed number is a usage error
 * naming the flag, so a typo never silently changes what runs. Node's `util.parseArgs` splits the
 * command line into tokens; the checks are ours, because its strict mode's messages name neither
 * the command nor what to do, and it would take `--seed --json` as the seed "--json".
 */
export function parseArgs(argv: readonly string[], command: CommandSpec): Parsed {
  const spec = flagsOf(command);
  const options = Object.fromEntries(Object.entries(spec).map(([name, f]) => [name, { type: f.type === 'boolean' ? ('boolean' as const) : ('string' as const) }]));
  const { tokens } = util.parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const positionals: string[] = [];
  const flags = new Map<string, string | number | boolean | string[]>();
  for (const token of tokens) {
    if (token.kind === 'positional') {
      positionals.push(token.value);
      continue;
    }
    if (token.kind === 'option-terminator') continue;
    const name = token.name;
    const flag = token.rawName.startsWith('--') ? spec[name] : undefined;
    if (!flag) throw usageError(`${command.name} has no option ${token.rawName} (see codemorph ${command.name} --help)`);
    if (flag.type === 'boolean') {
      if (token.value !== undefined) throw usageError(`--${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    const value = token.value;
    if (value === undefined || (!token.inlineValue && value.startsWith('--') && value.length > 2)) throw usageError(`--${name} needs a value`);
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

/** A command's help, from the table its parser reads. */
export function usageText(command: CommandSpec): string {
  const lines = [`usage: codemorph ${command.name}${command.args ? ` ${command.args}` : ''} [options]`, '', command.summary];
  const flagText = (name: string, f: FlagSpec) => `  --${name}${f.type === 'boolean' ? '' : ` ${f.value ?? (f.type === 'number' ? 'N' : 'VALUE')}`}`;
  const groups = command.groups.map((g) => ({ title: g.title, shown: Object.entries(g.flags).filter(([, f]) => !f.hidden) })).filter((g) => g.shown.length);
  // one column for the whole command; a flag whose value list is longer puts its text on the next line
  const width = Math.min(30, Math.max(...groups.flatMap((g) => g.shown.map(([name, f]) => flagText(name, f).length))) + 2);
  for (const { title, shown } of groups) {
    lines.push('', `${title}:`);
    for (const [name, f] of shown) {
      const left = flagText(name, f);
      const help = `${f.help}${f.repeat ? '; repeatable' : ''}`;
      lines.push(left.length >= width ? `${left}\n${' '.repeat(width)}${help}` : `${left.padEnd(width)}${help}`);
    }
  }
  if (command.notes?.length) lines.push('', ...command.notes);
  return `${lines.join('\n')}\n`;
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
