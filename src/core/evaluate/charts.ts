import type { EvaluationReport } from './report';

/**
 * The report's two charts as plain SVG text, written by hand (no plotting library): pass@1 of
 * both sides per language, and each item's drop against its similarity to the original. Numbers
 * are printed with fixed decimals, so the same report gives the same bytes.
 */

const ORIGINAL = '#4477aa';
const PERTURBED = '#ee6677';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function f(v: number): string {
  return v.toFixed(1);
}

function svg(width: number, height: number, title: string, body: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12">`,
    `<title>${esc(title)}</title>`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${esc(title)}</text>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}

function legend(x: number, y: number): string[] {
  return [
    `<rect x="${x}" y="${y - 9}" width="10" height="10" fill="${ORIGINAL}"/>`,
    `<text x="${x + 14}" y="${y}">original</text>`,
    `<rect x="${x + 80}" y="${y - 9}" width="10" height="10" fill="${PERTURBED}"/>`,
    `<text x="${x + 94}" y="${y}">perturbed</text>`,
  ];
}

/** Grouped bars: pass@1 on the original and the perturbed side, one group per language. */
export function languageChart(report: EvaluationReport): string {
  const groups = Object.entries(report.by_language);
  const left = 50;
  const top = 40;
  const plotH = 200;
  const groupW = 70;
  const width = Math.max(320, left + groups.length * groupW + 20);
  const height = top + plotH + 50;
  const y = (v: number) => top + plotH - v * plotH;
  const body: string[] = [];
  for (const t of [0, 0.25, 0.5, 0.75, 1]) {
    body.push(`<line x1="${left}" y1="${f(y(t))}" x2="${width - 10}" y2="${f(y(t))}" stroke="#dddddd"/>`);
    body.push(`<text x="${left - 6}" y="${f(y(t) + 4)}" text-anchor="end">${Math.round(t * 100)}%</text>`);
  }
  groups.forEach(([lang, g], i) => {
    const x = left + i * groupW + 10;
    for (const [j, v, color] of [[0, g.original.pass_at_1, ORIGINAL], [1, g.perturbed.pass_at_1, PERTURBED]] as const) {
      body.push(`<rect x="${x + j * 24}" y="${f(y(v))}" width="22" height="${f(plotH - (y(v) - top))}" fill="${color}"><title>${esc(lang)} ${j ? 'perturbed' : 'original'}: ${(v * 100).toFixed(1)}%</title></rect>`);
    }
    body.push(`<text x="${x + 23}" y="${top + plotH + 16}" text-anchor="middle">${esc(lang)} (${g.items})</text>`);
  });
  body.push(`<line x1="${left}" y1="${top + plotH}" x2="${width - 10}" y2="${top + plotH}" stroke="#000000"/>`);
  body.push(...legend(left, height - 12));
  return svg(width, height, `pass@1 by language: ${report.model}`, body);
}

/** One point per item: its similarity to the original (x) and its drop in pass rate (y, -1 to 1). */
export function dropChart(report: EvaluationReport): string {
  const left = 50;
  const top = 40;
  const plotW = 360;
  const plotH = 220;
  const width = left + plotW + 20;
  const height = top + plotH + 50;
  const x = (v: number) => left + v * plotW;
  const y = (v: number) => top + ((1 - v) / 2) * plotH;
  const body: string[] = [];
  for (const t of [-1, -0.5, 0, 0.5, 1]) {
    body.push(`<line x1="${left}" y1="${f(y(t))}" x2="${left + plotW}" y2="${f(y(t))}" stroke="${t === 0 ? '#888888' : '#dddddd'}"/>`);
    body.push(`<text x="${left - 6}" y="${f(y(t) + 4)}" text-anchor="end">${t}</text>`);
  }
  for (const t of [0, 0.2, 0.4, 0.6, 0.8, 1]) body.push(`<text x="${f(x(t))}" y="${top + plotH + 16}" text-anchor="middle">${t.toFixed(1)}</text>`);
  for (const item of report.per_item) {
    if (item.similarity === null) continue;
    const drop = item.original.passed / item.original.n - item.perturbed.passed / item.perturbed.n;
    body.push(`<circle cx="${f(x(item.similarity))}" cy="${f(y(drop))}" r="4" fill="${PERTURBED}" fill-opacity="0.6"><title>${esc(item.id)}: similarity ${item.similarity.toFixed(3)}, drop ${drop.toFixed(2)}</title></circle>`);
  }
  body.push(`<text x="${left + plotW / 2}" y="${height - 10}" text-anchor="middle">similarity to the original</text>`);
  body.push(`<text x="14" y="${top + plotH / 2}" text-anchor="middle" transform="rotate(-90 14 ${top + plotH / 2})">drop in pass rate</text>`);
  return svg(width, height, `Drop against similarity: ${report.model}`, body);
}

/** The chart files of a report, by name. */
export function chartFiles(report: EvaluationReport): [string, string][] {
  return [
    ['pass-by-language.svg', languageChart(report)],
    ['drop-vs-similarity.svg', dropChart(report)],
  ];
}
