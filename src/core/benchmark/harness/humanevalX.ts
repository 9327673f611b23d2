import fs = require('fs');
import os = require('os');
import path = require('path');
import type { LanguageId } from '../../languages/languageIds';
import { BenchmarkRecord, textField } from '../formats/fields';
import type { HarnessCommand, StepsProgram } from './program';
import { pythonCheck, pythonRun } from './python';

/**
 * HumanEval-X's evaluator (CodeGeeX, evaluate_humaneval_x.py), one language at a time: how it
 * joins a record's fields and a completion into one program, and how it builds and runs that.
 */

/** What the Python evaluator puts before every program; numpy is optional here, so its import may fail quietly. */
export const PYTHON_SETUP = [
  'import math',
  'import re',
  'import sys',
  'import copy',
  'import datetime',
  'import itertools',
  'import collections',
  'import heapq',
  'import statistics',
  'import functools',
  'import hashlib',
  'try:',
  '    import numpy',
  '    import numpy as np',
  'except ImportError:',
  '    pass',
  'import string',
  'from typing import *',
  'from collections import *',
].join('\n');

/** Headers the C++ evaluator adds when the prompt lacks them. */
const CPP_HEADERS = ['#include<stdlib.h>', '#include<algorithm>', '#include<math.h>', '#include<stdio.h>', '#include<vector>', '#include<string>', '#include<climits>', '#include<cstring>', '#include<iostream>'];

/** Packages the Go evaluator imports when the completion uses them and the test setup does not. */
const GO_PACKAGES = ['math', 'strings', 'fmt', 'strconv', 'time', 'bytes', 'regexp', 'sort', 'math/rand', 'crypto/md5'];

/** Crates the Rust records `use` that a lone rustc cannot find (the evaluator's Cargo project provides them). */
const RUST_CRATES = ['rand', 'regex', 'md5'];

/**
 * The Python evaluator keeps a completion only up to its first line that starts at column 0: the
 * function's body, never what follows it.
 */
export function pythonCompletion(code: string): string {
  const kept: string[] = [];
  for (const line of code.split('\n')) {
    if (line.trim() !== '' && line[0] !== ' ' && line[0] !== '\t') break;
    kept.push(line);
  }
  return kept.join('\n');
}

/**
 * Go's test file is built in GOPATH mode (the evaluator used a vendored module; testify is the one
 * package it needs): the user's GOPATH first, then Debian's (golang-github-stretchr-testify-dev).
 */
function goEnv(): Record<string, string> {
  const home = process.env.HOME;
  const own = process.env.GOPATH ?? (home ? path.join(home, 'go') : path.join(os.tmpdir(), 'codemorph-gopath'));
  const debian = '/usr/share/gocode';
  const gopath = fs.existsSync(debian) ? [own, debian].join(path.delimiter) : own;
  const env: Record<string, string> = { GO111MODULE: 'off', GOPATH: gopath, GOFLAGS: '' };
  if (!process.env.GOCACHE && !home) env.GOCACHE = path.join(os.tmpdir(), 'codemorph-gocache');
  return env;
}

function goSetup(test: string): string {
  const testify = /\bassert\./.test(test) ? '\n    "github.com/stretchr/testify/assert"' : '';
  return `package main\n\nimport (\n    "testing"${testify}\n)\n`;
}

/**
 * A use of a crate a lone rustc lacks, when nothing else names what it brings in, goes: it has no
 * effect on the program, and without it the record compiles without the evaluator's Cargo project.
 */
function withoutUnusedCrates(program: string): string {
  return program.replace(/^[ \t]*use\s+([A-Za-z_][\w]*)\b([^;]*);[ \t]*\n/gm, (line, crate: string, rest: string) => {
    if (!RUST_CRATES.includes(crate)) return line;
    const names = (rest.match(/[A-Za-z_]\w*/g) ?? []).filter((n) => n !== 'self');
    const imported = names.length ? names : [crate];
    const elsewhere = program.replace(line, '');
    return imported.some((n) => new RegExp(`\\b${n}\\b`).test(elsewhere)) ? line : '';
  });
}

export interface XOptions {
  /** Replaces the canonical solution (a model's completion). */
  completion?: string;
  /** Runs `example_test` instead of `test` (the evaluator's --example_test). */
  exampleTest?: boolean;
}

/** The program HumanEval-X's evaluator runs for a record of `lang`, or what the record lacks. */
export function humanEvalXProgram(rec: BenchmarkRecord, lang: LanguageId, options: XOptions = {}): StepsProgram | string {
  const prompt = textField(rec, 'prompt');
  const code = options.completion ?? textField(rec, 'canonical_solution');
  const example = textField(rec, 'example_test');
  const test = options.exampleTest && example ? example : textField(rec, 'test');
  if (prompt === undefined || code === undefined || test === undefined) return 'the record needs prompt, canonical_solution and test';
  switch (lang) {
    case 'python': {
      const program = `${PYTHON_SETUP}\n${prompt}${pythonCompletion(code)}\n${test}\n`;
      return { kind: 'steps', lang, files: { 'main.py': program }, build: [pythonCheck('main.py')], exec: [pythonRun('main.py')] };
    }
    case 'cpp': {
      const setup = CPP_HEADERS.filter((h) => !prompt.includes(h))
        .map((h) => `${h}\n`)
        .join('');
      const program = `${setup}\n${prompt}${code}\n${test}`;
      const compiler = (args: string[]): HarnessCommand => ({ tool: { lang: 'cpp', role: 'compiler' }, args: ['-std=c++11', ...args] });
      return {
        kind: 'steps',
        lang,
        files: { 'test.cpp': program },
        build: [compiler(['-o', 'test.out', 'test.cpp'])],
        exec: [{ tool: { program: 'test.out' }, args: [] }],
      };
    }
    case 'java': {
      const program = `${prompt}${code}\n${test}`;
      const javac: HarnessCommand = { tool: { lang: 'java', role: 'compiler' }, args: ['-encoding', 'UTF-8', '-d', 'classes', 'Main.java'] };
      return {
        kind: 'steps',
        lang,
        files: { 'Main.java': program },
        build: [javac],
        exec: [{ tool: { lang: 'java', role: 'runtime' }, args: ['-cp', 'classes', 'Main'] }],
      };
    }
    case 'javascript': {
      const program = `${prompt}${code}\n${test}`;
      const node = (args: string[]): HarnessCommand => ({ tool: { lang: 'javascript', role: 'compiler' }, args });
      return { kind: 'steps', lang, files: { 'test.js': program }, build: [node(['--check', 'test.js'])], exec: [node(['test.js'])], silent: true };
    }
    case 'go': {
      const importText = textField(rec, 'import') ?? '';
      const body = importText ? prompt.split(importText).join('') : prompt;
      const setup = textField(rec, 'test_setup') ?? goSetup(test);
      const extra = GO_PACKAGES.filter((pkg) => !setup.includes(pkg) && !body.includes(`"${pkg}"`) && code.includes(`${pkg.split('/').pop()}.`));
      const imports = extra.length ? `import (\n${extra.map((p) => `"${p}"\n`).join('    ')})\n` : '';
      const program = `${setup}\n${imports}${body}${code}\n${test}`;
      const go = (args: string[]): HarnessCommand => ({ tool: { lang: 'go', role: 'compiler' }, args, env: goEnv() });
      return {
        kind: 'steps',
        lang,
        files: { 'main_test.go': program },
        // `go test` as the evaluator runs it (it vets too); its build comes from the cache the check filled
        build: [go(['test', '-c', '-o', 'main.test', 'main_test.go'])],
        exec: [go(['test', 'main_test.go'])],
        advice: (output) =>
          /cannot find package "github\.com\/stretchr\/testify/.test(output)
            ? 'the Go test imports testify, which is not installed: apt-get install golang-github-stretchr-testify-dev, or put github.com/stretchr/testify in your GOPATH'
            : null,
      };
    }
    case 'rust': {
      const declaration = textField(rec, 'declaration') ?? '';
      const program = withoutUnusedCrates(`\nfn main(){ \n } \n${declaration}${prompt}${code}${test}`);
      const rustc = (args: string[]): HarnessCommand => ({ tool: { lang: 'rust', role: 'compiler' }, args: ['--edition', '2021', '--test', ...args] });
      return {
        kind: 'steps',
        lang,
        files: { 'main.rs': program },
        build: [rustc(['-o', 'main.test', 'main.rs'])],
        exec: [{ tool: { program: 'main.test' }, args: [] }],
      };
    }
    default:
      return `HumanEval-X has no ${lang} records`;
  }
}
