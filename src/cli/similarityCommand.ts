import type { GrammarLoader } from '../core/languages/grammarLoader';
import { inputError, usageError } from '../core/errors';
import { describeSyntaxProblem, syntaxProblems } from '../core/languages/syntaxErrors';
import { AlignmentTooLong, defaultMinMatch, similarity, unitText, UnitText } from '../core/similarity/similarity';
import { LineEndings } from '../core/text/lineEndings';
import { selectUnit } from '../core/unit';
import { bool, CommandSpec, fraction, integer, parseArgs, str } from './args';
import type { Command } from './commands';
import { OUTPUT_FLAGS, readSource, SCORE_FLAGS, SOURCE_FLAGS, SourceInput } from './options';
import { round4 } from '../core/round';

async function comparable(loader: GrammarLoader, source: SourceInput, functionName: string | undefined): Promise<UnitText> {
  // line endings are not code: a CRLF copy of a file is the same code, as the engine scores it
  const input = { ...source, text: new LineEndings(source.text).lf };
  const tree = await loader.parse(input.lang, input.text);
  try {
    const problems = syntaxProblems(tree.rootNode, 3);
    if (problems.length) throw inputError(`${input.file} does not parse (${problems.map(describeSyntaxProblem).join('; ')})`);
    const state = selectUnit(input.lang, tree, input.text, { functionName });
    return unitText(input.lang, tree, state.text, state.unit);
  } catch (e) {
    throw e instanceof Error && 'kind' in e ? Object.assign(e, { message: `${input.file}: ${e.message}` }) : e;
  } finally {
    tree.delete();
  }
}


export const SIMILARITY: CommandSpec = {
  name: 'similarity',
  args: '<fileA> <fileB>',
  summary: 'Surface, structural and overall similarity between two files or two functions, as PESO scores them.',
  groups: [
    {
      title: 'Input',
      flags: {
        ...SOURCE_FLAGS,
        function: { type: 'string', value: 'NAME', help: 'compare this function of each file (of fileA with --function-b)' },
        'function-b': { type: 'string', value: 'NAME', help: 'the function of fileB, when its name differs' },
      },
    },
    { title: 'Scores', flags: { mu: SCORE_FLAGS.mu, 'min-match': SCORE_FLAGS['min-match'], json: OUTPUT_FLAGS.json } },
  ],
};

/**
 * The most work the exact surface similarity may take, in word-steps (32 characters of one text
 * against one character of the other): two texts of about 1.1 million characters each that differ
 * throughout, some ten seconds. Levenshtein's distance has no exact algorithm much faster than the
 * product of the lengths when texts differ throughout, so the score the paper defines is computed
 * exactly up to here and refused beyond, rather than taking minutes. Texts that share most of their
 * characters (a file and its perturbation) cost far less and are compared at any size.
 */
export const MAX_ALIGNMENT_WORD_STEPS = 4e10;

const millions = (chars: number) => `${(chars / 1e6).toFixed(1)} million`;

/** `codemorph similarity A B`: the scores PESO uses, between two files or two functions. */
export const similarityCommand: Command = async (argv, loader, io) => {
  const p = parseArgs(argv, SIMILARITY);
  if (p.positionals.length !== 2) throw usageError(`similarity compares two files, got ${p.positionals.length}`);
  const a = readSource(p.positionals[0], p);
  const b = readSource(p.positionals[1], p);
  if (a.lang !== b.lang) throw usageError(`${a.file} is ${a.lang} but ${b.file} is ${b.lang}: compare files of one language (or pass --lang)`);
  const fnA = str(p, 'function');
  const fnB = str(p, 'function-b') ?? fnA;
  const mu = fraction(p, 'mu') ?? 0.5;
  const minMatch = integer(p, 'min-match', 1, 1000) ?? defaultMinMatch(a.lang);
  const alignment = {
    maxWordSteps: MAX_ALIGNMENT_WORD_STEPS,
    onLongPass: (_steps: number, n: number, m: number) =>
      io.err(`codemorph: ${a.file} and ${b.file} differ throughout: aligning ${millions(n)} and ${millions(m)} characters exactly takes a while\n`),
  };
  let s;
  try {
    s = similarity(await comparable(loader, a, fnA), await comparable(loader, b, fnB), { mu, minMatch, alignment });
  } catch (e) {
    if (!(e instanceof AlignmentTooLong)) throw e;
    throw inputError(
      `${a.file} and ${b.file} differ throughout, and an exact surface similarity of ${millions(e.lengthA)} by ${millions(e.lengthB)} characters takes longer than allowed ` +
        `(up to about ${millions(Math.sqrt(MAX_ALIGNMENT_WORD_STEPS * 32))} each): compare functions with --function and --function-b`,
    );
  }
  const scores = { surface: round4(s.surface), structural: round4(s.structural), structuralAvg: round4(s.structuralAvg), overall: round4(s.overall) };
  if (bool(p, 'json')) {
    io.out(`${JSON.stringify({ language: a.lang, a: { file: a.file, function: fnA ?? null }, b: { file: b.file, function: fnB ?? null }, mu, minMatch, similarity: scores }, null, 2)}\n`);
  } else {
    io.out(
      `surface     ${scores.surface.toFixed(4)}  (Levenshtein over the text)\n` +
        `structural  ${scores.structural.toFixed(4)}  (token tiling, min match ${minMatch}; avg ${scores.structuralAvg.toFixed(4)})\n` +
        `overall     ${scores.overall.toFixed(4)}  (${mu} surface + ${round4(1 - mu)} structural)\n`,
    );
  }
  return 0;
};
