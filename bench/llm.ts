/**
 * `npm run bench:llm`: LLM calls and tokens per perturbed function for the llm and hybrid
 * engines, next to the paper's scheme (one perturbation and three votes per step: about 68
 * calls for 15 PESO iterations plus the two opening renames). The model is a real HTTP server
 * on 127.0.0.1 speaking the OpenAI protocol with a fixed latency; it returns the unit unchanged
 * (a valid answer every time) and its voters always agree, so every step costs what it can.
 * Options: --latency MS (default 40), --iterations N (default 15).
 */
import * as path from 'path';
import { perturb } from '../src/core/engine';
import { LANGUAGE_IDS, LanguageId } from '../src/core/languages/languageIds';
import { Limiter } from '../src/core/llm/limiter';
import type { EngineKind, LlmSetup } from '../src/core/llm/llmEngine';
import { OpenAiCompatibleProvider } from '../src/core/llm/openaiProvider';
import { PromptLibrary } from '../src/core/llm/prompts';
import { corpusOf, corpusText } from '../test/support/corpus';
import { answer, FakeOpenAI, isVote, promptedCode } from '../test/support/fakeOpenAI';
import { loader, REPO } from '../test/support/harness';
import { machine, machineLine, option, table, writeResults } from './lib/report';

const PAPER_CALLS_PER_STEP = 4;

async function main(): Promise<void> {
  const latency = Number(option('latency') ?? 40);
  const iterations = Number(option('iterations') ?? 15);
  const server = new FakeOpenAI().respond((req) => {
    if (isVote(req)) return { content: 'True', delayMs: latency, usage: { prompt_tokens: 600, completion_tokens: 1 } };
    const code = promptedCode(req);
    const entry = /The entry point is `([^`]+)`/.exec(req.body.messages[1].content)?.[1] ?? '';
    return { content: answer(code, entry), delayMs: latency, usage: { prompt_tokens: 900, completion_tokens: Math.ceil(code.length / 4) } };
  });
  const baseUrl = await server.start();
  const provider = new OpenAiCompatibleProvider({ baseUrl, apiKey: 'bench', model: 'bench-model', timeoutMs: 30_000, maxRetries: 2, limiter: new Limiter(4) });
  const setup: LlmSetup = {
    perturber: { provider, temperature: 0.7 },
    voters: [0, 0.5, 1].map((temperature) => ({ provider, temperature, maxTokens: 16 })),
    prompts: new PromptLibrary(path.join(REPO, 'prompts')),
    prices: {},
  };
  const paperCalls = (iterations + 2) * PAPER_CALLS_PER_STEP;
  const rows: (string | number)[][] = [];
  const results: Record<string, unknown>[] = [];
  const totals: Record<EngineKind, number[]> = { local: [], llm: [], hybrid: [] };
  for (const lang of LANGUAGE_IDS as readonly LanguageId[]) {
    const per: Record<string, { calls: number[]; tokens: number[] }> = { llm: { calls: [], tokens: [] }, hybrid: { calls: [], tokens: [] } };
    for (const entry of corpusOf(lang)) {
      for (const engine of ['llm', 'hybrid'] as const) {
        const before = server.requests.length;
        const doc = await perturb(loader, {
          lang,
          text: corpusText(lang, entry),
          selector: { functionName: entry.function },
          search: { strategy: 'peso', maxIter: iterations, threshold: 0, temperature: 2, seed: 1 },
          verify: { level: 'syntax', toolchains: {}, timeoutMs: 60_000 },
          mu: 0.5,
          engine,
          llm: setup,
        });
        const calls = server.requests.length - before;
        if (calls !== doc.usage!.calls) throw new Error(`usage says ${doc.usage!.calls} calls, the server saw ${calls}`);
        per[engine].calls.push(calls);
        per[engine].tokens.push(doc.usage!.promptTokens + doc.usage!.completionTokens);
        totals[engine].push(calls);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const llm = mean(per.llm.calls);
    const hybrid = mean(per.hybrid.calls);
    rows.push([lang, per.llm.calls.length, llm.toFixed(1), Math.round(mean(per.llm.tokens)), hybrid.toFixed(1), Math.round(mean(per.hybrid.tokens)), paperCalls, (hybrid / paperCalls).toFixed(3)]);
    results.push({ lang, functions: per.llm.calls.length, llm: per.llm, hybrid: per.hybrid });
  }
  await server.stop();
  const meanAll = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
  const hybridRatio = meanAll(totals.hybrid) / paperCalls;
  const worst = Math.max(...results.map((r) => meanAll((r.hybrid as { calls: number[] }).calls))) / paperCalls;
  const m = machine();
  const verdict = `${worst <= 0.25 ? 'met' : 'NOT met'}: hybrid needs at most a quarter of the paper's calls (${(worst * 100).toFixed(1)}% in the worst language, ${(hybridRatio * 100).toFixed(1)}% overall)`;
  const md = [
    '# LLM calls per perturbed function',
    '',
    machineLine(m),
    '',
    `PESO, ${iterations} iterations plus the two opening renames, on every corpus function; server latency ${latency} ms. The paper's scheme asks for one perturbation and three votes per step: ${paperCalls} calls.`,
    '',
    table(['language', 'functions', 'llm calls', 'llm tokens', 'hybrid calls', 'hybrid tokens', 'paper calls', 'hybrid / paper'], rows),
    '',
    '## Target',
    '',
    `- ${verdict}`,
  ].join('\n');
  const written = writeResults('llm', md, { machine: m, latency, iterations, paperCalls, results, target: verdict });
  process.stdout.write(`${md}\n\nwrote ${written.join(', ')}\n`);
  loader.dispose();
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.stack : e}\n`);
  process.exitCode = 1;
});
