import type { VerificationReport } from '../core/engine';
import type { StepRecord } from '../core/search/types';
import type { Ctx } from './ctx';
import { engine } from './engineLoader';

/** One line per step in the output channel: what ran, whether it was kept, the similarity, why not. */
export function logStep(ctx: Ctx, step: StepRecord): void {
  const ss = step.similarity ? ` similarity ${step.similarity.overall.toFixed(4)}` : '';
  const votes = step.votes ? ` votes ${step.votes.map((v) => (v === null ? '?' : v ? 'yes' : 'no')).join('/')}` : '';
  const what = step.summary ? `: ${step.summary}` : '';
  const when = step.iteration === 0 ? 'opening' : `iteration ${step.iteration}`;
  const result = step.method === null ? 'nothing to apply' : step.accepted ? 'kept' : 'rejected';
  ctx.log(`  ${when}: ${step.method ?? step.category} [${step.engine ?? '-'}] ${result}${ss}${votes}${step.reason ? ` (${step.reason})` : what}`);
}

/** The commands a verification ran and, when it failed, everything they printed. */
export function logVerification(ctx: Ctx, report: VerificationReport): void {
  for (const command of report.verdict.commands) ctx.log(`     $ ${command}`);
  for (const note of report.verdict.notes ?? []) ctx.log(`     ! ${note}`);
  if (report.verdict.reason !== null && report.verdict.output.trim()) {
    for (const line of report.verdict.output.trimEnd().split('\n')) ctx.log(`     | ${line}`);
  }
}

/** Shows an error the way users can act on it; a cancellation is only logged. */
export function reportError(ctx: Ctx, e: unknown): void {
  if (engine().isCodemorphError(e)) {
    if (e.kind === 'cancelled') {
      // a notification, not only the log: the progress toast is gone and nothing else says so
      void ctx.notify('info', 'cancelled: the document is unchanged.');
      return;
    }
    if (e.detail) ctx.log(e.detail);
    void ctx.notify('error', e.message, ...(e.detail ? ['Show Output'] : [])).then((choice) => choice && ctx.output.show(true));
    return;
  }
  const error = e instanceof Error ? e : new Error(String(e));
  ctx.log(`internal error: ${error.stack ?? error.message}`);
  void ctx.notify('error', `failed unexpectedly: ${error.message}. The CodeMorph output has the details.`, 'Show Output').then((choice) => choice && ctx.output.show(true));
}

/** Runs a command body, reporting what it throws instead of letting VS Code show a bare stack. */
export async function guarded<T>(ctx: Ctx, body: () => Promise<T>): Promise<T | undefined> {
  try {
    return await body();
  } catch (e) {
    reportError(ctx, e);
    return undefined;
  }
}
