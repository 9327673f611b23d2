#!/usr/bin/env node
/**
 * Checks that a change to the engine leaves `perturb`'s output byte for byte as it was: records the
 * built CLI's documents (`dist/cli.js perturb <file> --function NAME --seed N --verify syntax
 * --json`, elapsedMs dropped) for every function of every file in examples/ and, with --large,
 * for the first function of a generated file of about CHARS characters per language (bench's
 * bench/lib/units.ts, so `npm run compile-tests` first), then compares a later build against them.
 *
 *   node scripts/compare-perturb.js record before.json [--large 1000000] [--seeds 1,2]
 *   (change, npm run build && npm run compile-tests)
 *   node scripts/compare-perturb.js check before.json
 *
 * check prints each case that differs and exits 1 when any does.
 */
'use strict';
const { spawnSync } = require('child_process');
const crypto = require('crypto');
const fs = require('fs');
const os = require('os');
const path = require('path');

const REPO = path.resolve(__dirname, '..');
const CLI = path.join(REPO, 'dist', 'cli.js');

function option(name, fallback) {
  const at = process.argv.indexOf(`--${name}`);
  return at < 0 ? fallback : process.argv[at + 1];
}

function cli(args) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 30 });
}

/** The file's functions, as the CLI lists them for a name it does not know. */
function functionsOf(file) {
  const run = cli(['perturb', file, '--function', 'no_such_function_here', '--quiet']);
  const listed = /it has: (.*)$/m.exec(run.stderr);
  if (!listed) throw new Error(`${file}: no function list in: ${run.stderr.trim()}`);
  return listed[1].replace(/, …$/, '').split(', ');
}

function run(file, fn, seed) {
  const out = cli(['perturb', file, '--function', fn, '--seed', String(seed), '--verify', 'syntax', '--json', '--quiet']);
  if (out.status !== 0 && out.status !== 1) return { status: out.status, error: out.stderr.trim() };
  const doc = JSON.parse(out.stdout);
  delete doc.elapsedMs;
  const text = JSON.stringify(doc);
  return { status: out.status, sha256: crypto.createHash('sha256').update(text).digest('hex'), length: text.length };
}

async function largeFiles(chars, dir) {
  const { loader } = require(path.join(REPO, 'out', 'test', 'support', 'harness'));
  const { sizedUnit } = require(path.join(REPO, 'out', 'bench', 'lib', 'units'));
  const { extensionsOf, LANGUAGE_IDS } = require(path.join(REPO, 'out', 'src', 'core', 'languages', 'languageIds'));
  const files = [];
  for (const lang of LANGUAGE_IDS) {
    const sample = await sizedUnit(loader, lang, 2000);
    const large = await sizedUnit(loader, lang, Math.round((chars * sample.lines) / sample.text.length));
    const file = path.join(dir, `large-${lang}${extensionsOf(lang)[0]}`);
    fs.writeFileSync(file, large.text);
    files.push({ file, key: `large ${lang} ${chars}`, functions: [large.first.name] });
  }
  loader.dispose();
  return files;
}

/** Every function of every file in examples/. */
function exampleCases() {
  const found = [];
  for (const lang of fs.readdirSync(path.join(REPO, 'examples')).sort()) {
    const folder = path.join(REPO, 'examples', lang);
    if (!fs.statSync(folder).isDirectory()) continue;
    for (const name of fs.readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      found.push({ file, key: path.relative(REPO, file), functions: functionsOf(file) });
    }
  }
  return found;
}

async function main() {
  const [mode, store] = process.argv.slice(2);
  if (!['record', 'check'].includes(mode) || !store) {
    console.error('usage: node scripts/compare-perturb.js record|check FILE.json [--large CHARS] [--seeds 1,2]');
    process.exit(2);
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'codemorph-compare-'));
  try {
    const before = mode === 'check' ? JSON.parse(fs.readFileSync(store, 'utf8')) : null;
    const seeds = before ? before.seeds : option('seeds', '1,2').split(',').map(Number);
    const chars = before ? before.large : option('large') && Number(option('large'));
    const found = exampleCases();
    if (chars) found.push(...(await largeFiles(chars, dir)));
    const results = {};
    let differing = 0;
    for (const { file, key, functions } of found) {
      for (const fn of functions) {
        for (const seed of seeds) {
          const id = `${key} ${fn} seed ${seed}`;
          results[id] = run(file, fn, seed);
          if (before && JSON.stringify(before.results[id]) !== JSON.stringify(results[id])) {
            differing++;
            console.log(`differs: ${id}: ${JSON.stringify(before.results[id])} -> ${JSON.stringify(results[id])}`);
          }
        }
      }
    }
    if (mode === 'record') {
      fs.writeFileSync(store, `${JSON.stringify({ seeds, large: chars || null, results }, null, 1)}\n`);
      console.log(`${Object.keys(results).length} runs recorded in ${store}`);
    } else {
      const missing = Object.keys(before.results).filter((id) => !(id in results));
      for (const id of missing) console.log(`missing: ${id}`);
      console.log(`${Object.keys(results).length} runs, ${differing} differing, ${missing.length} missing`);
      if (differing || missing.length) process.exit(1);
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
