/** Minimal SVG charts for benchmark reports: no dependency, readable in any browser or on GitHub. */

const PALETTE = ['#4e79a7', '#f28e2b', '#59a14f', '#e15759', '#76b7b2', '#edc948', '#b07aa1', '#9c755f'];

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * A grouped bar chart: one group per category (x), one bar per series, values on a fixed
 * [0, max] scale with horizontal grid lines.
 */
export function groupedBarChart(options: {
  title: string;
  categories: readonly string[];
  series: readonly { name: string; values: readonly (number | null)[] }[];
  max?: number;
  yLabel?: string;
}): string {
  const { title, categories, series } = options;
  const max = options.max ?? Math.max(1e-9, ...series.flatMap((s) => s.values.filter((v): v is number => v !== null)));
  const groupWidth = Math.max(60, series.length * 18 + 20);
  const left = 56;
  const top = 40;
  const plotHeight = 240;
  const width = left + categories.length * groupWidth + 20;
  const height = top + plotHeight + 70;
  const y = (v: number) => top + plotHeight - (v / max) * plotHeight;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${width / 2}" y="18" text-anchor="middle" font-size="14">${esc(title)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    const v = (max * i) / 5;
    parts.push(`<line x1="${left}" x2="${width - 10}" y1="${y(v)}" y2="${y(v)}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 6}" y="${y(v) + 4}" text-anchor="end">${Number(v.toFixed(2))}</text>`);
  }
  if (options.yLabel) parts.push(`<text transform="translate(14 ${top + plotHeight / 2}) rotate(-90)" text-anchor="middle">${esc(options.yLabel)}</text>`);
  categories.forEach((category, c) => {
    const x0 = left + c * groupWidth + 10;
    series.forEach((s, k) => {
      const v = s.values[c];
      if (v === null || v === undefined) return;
      parts.push(`<rect x="${x0 + k * 18}" y="${y(v)}" width="15" height="${top + plotHeight - y(v)}" fill="${PALETTE[k % PALETTE.length]}"><title>${esc(`${s.name} ${category}: ${v.toFixed(3)}`)}</title></rect>`);
    });
    parts.push(`<text x="${x0 + (series.length * 18) / 2}" y="${top + plotHeight + 16}" text-anchor="middle">${esc(category)}</text>`);
  });
  series.forEach((s, k) => {
    const x = left + k * 110;
    parts.push(`<rect x="${x}" y="${height - 24}" width="12" height="12" fill="${PALETTE[k % PALETTE.length]}"/>`);
    parts.push(`<text x="${x + 16}" y="${height - 14}">${esc(s.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}

/** A line chart of y against x for several series (x on a linear scale). */
export function lineChart(options: {
  title: string;
  series: readonly { name: string; points: readonly { x: number; y: number }[] }[];
  xLabel: string;
  yLabel: string;
}): string {
  const all = options.series.flatMap((s) => s.points);
  const maxX = Math.max(1e-9, ...all.map((p) => p.x));
  const maxY = Math.max(1e-9, ...all.map((p) => p.y));
  const left = 64;
  const top = 40;
  const w = 520;
  const h = 260;
  const X = (v: number) => left + (v / maxX) * w;
  const Y = (v: number) => top + h - (v / maxY) * h;
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + w + 150}" height="${top + h + 60}" font-family="sans-serif" font-size="11">`,
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="${left + w / 2}" y="18" text-anchor="middle" font-size="14">${esc(options.title)}</text>`,
  ];
  for (let i = 0; i <= 5; i++) {
    parts.push(`<line x1="${left}" x2="${left + w}" y1="${Y((maxY * i) / 5)}" y2="${Y((maxY * i) / 5)}" stroke="#ddd"/>`);
    parts.push(`<text x="${left - 6}" y="${Y((maxY * i) / 5) + 4}" text-anchor="end">${Number(((maxY * i) / 5).toPrecision(3))}</text>`);
    parts.push(`<text x="${X((maxX * i) / 5)}" y="${top + h + 16}" text-anchor="middle">${Number(((maxX * i) / 5).toPrecision(3))}</text>`);
  }
  parts.push(`<text x="${left + w / 2}" y="${top + h + 36}" text-anchor="middle">${esc(options.xLabel)}</text>`);
  parts.push(`<text transform="translate(14 ${top + h / 2}) rotate(-90)" text-anchor="middle">${esc(options.yLabel)}</text>`);
  options.series.forEach((s, k) => {
    const color = PALETTE[k % PALETTE.length];
    const pts = [...s.points].sort((a, b) => a.x - b.x);
    parts.push(`<polyline fill="none" stroke="${color}" stroke-width="2" points="${pts.map((p) => `${X(p.x)},${Y(p.y)}`).join(' ')}"/>`);
    for (const p of pts) parts.push(`<circle cx="${X(p.x)}" cy="${Y(p.y)}" r="3" fill="${color}"/>`);
    parts.push(`<rect x="${left + w + 16}" y="${top + k * 18}" width="12" height="12" fill="${color}"/>`);
    parts.push(`<text x="${left + w + 32}" y="${top + k * 18 + 10}">${esc(s.name)}</text>`);
  });
  parts.push('</svg>');
  return `${parts.join('\n')}\n`;
}
