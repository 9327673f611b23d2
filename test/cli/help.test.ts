import * as assert from 'assert';
import { flagsOf, parseArgs } from '../../src/cli/args';
import { COMMANDS } from '../../src/cli/commands';
import { cli } from '../support/cli';

// Issue 29 item 11: every subcommand answers --help with its usage on stdout and exit 0, and the
// usage is made from the table its parser reads, so help and parsing cannot drift.

describe('CLI help', () => {
  for (const [name, { spec }] of Object.entries(COMMANDS)) {
    it(`${name} --help, -h and help ${name} print its usage and every flag it parses, exit 0`, () => {
      const asked = cli([name, '--help']);
      assert.strictEqual(asked.code, 0, asked.stderr);
      assert.strictEqual(asked.stderr, '');
      assert.match(asked.stdout, new RegExp(`^usage: codemorph ${name}\\b`));
      for (const [flag, f] of Object.entries(flagsOf(spec))) {
        if (f.hidden) assert.ok(!asked.stdout.includes(`--${flag}`), `--${flag} is for the CLI itself`);
        else assert.match(asked.stdout, new RegExp(`^  --${flag}\\b`, 'm'), `--${flag} is missing from ${name}'s help`);
      }
      assert.strictEqual(cli([name, '-h']).stdout, asked.stdout);
      assert.strictEqual(cli(['help', name]).stdout, asked.stdout);
      // a help request wins over anything wrong beside it: it is what the user asked for
      assert.strictEqual(cli([name, '--no-such-flag', '--help']).code, 0);
    });
  }

  it('help alone, --help and -h list every command with its summary, exit 0; no command at all is a usage error', () => {
    const all = cli(['help']);
    assert.strictEqual(all.code, 0);
    for (const [name, { spec }] of Object.entries(COMMANDS)) assert.ok(all.stdout.includes(`codemorph ${name}`) && all.stdout.includes(spec.summary), name);
    assert.strictEqual(cli(['--help']).stdout, all.stdout);
    assert.strictEqual(cli(['-h']).stdout, all.stdout);
    const none = cli([]);
    assert.strictEqual(none.code, 2);
    assert.strictEqual(none.stdout, '');
  });

  it('help of a command that does not exist is a usage error naming the ones that do', () => {
    for (const args of [['help', 'frobnicate'], ['help', 'constructor'], ['help', 'perturb', 'dataset']]) {
      const r = cli(args);
      assert.strictEqual(r.code, 2, args.join(' '));
      assert.match(r.stderr, /^codemorph: help takes one command, one of methods, transform, perturb/);
    }
  });

  it('after --, --help is a file name, not a help request', () => {
    const r = cli(['similarity', '--', '--help', 'b.py']);
    assert.strictEqual(r.code, 2);
    assert.match(r.stderr, /--help/);
  });

  it('the strict parser keeps its errors: unknown flags, short flags, missing values, values on booleans, malformed numbers', () => {
    const perturb = COMMANDS.perturb.spec;
    const fails = (args: string[], message: RegExp) => assert.throws(() => parseArgs(args, perturb), (e: Error) => message.test(e.message), args.join(' '));
    fails(['f.py', '--bogus'], /^perturb has no option --bogus \(see codemorph perturb --help\)$/);
    fails(['f.py', '-x'], /^perturb has no option -x/);
    fails(['f.py', '--seed'], /^--seed needs a value$/);
    fails(['f.py', '--seed', '--json'], /^--seed needs a value$/);
    fails(['f.py', '--function', ''], /^--function needs a value, not an empty string$/);
    fails(['f.py', '--json=1'], /^--json takes no value$/);
    fails(['f.py', '--seed', 'x1'], /^--seed needs a number, not "x1"$/);
    const p = parseArgs(['f.py', '--seed=-3', '--voter', 'a@0', '--voter=b@1', '--args', '', '--json', '--', '--out'], perturb);
    assert.deepStrictEqual(p.positionals, ['f.py', '--out']);
    assert.strictEqual(p.flags.get('seed'), -3);
    assert.deepStrictEqual(p.flags.get('voter'), ['a@0', 'b@1']);
    assert.strictEqual(p.flags.get('args'), '');
    assert.strictEqual(p.flags.get('json'), true);
  });
});
