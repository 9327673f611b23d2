/**
 * Myers' column step (bitColumns.ts) as a small WebAssembly function on 64-bit words.
 *
 * The step is where surface similarity spends its time: a third to a half of a PESO step on units of
 * 100 lines and more. JavaScript's bitwise operators work on 32 bits, so a column of n rows costs
 * n / 32 word-steps there; WebAssembly's i64 does 64 rows per word-step, with the carry of the
 * addition across all of them for free. The module is assembled here, byte by byte, from the
 * instructions below: it is 502 bytes, and a build step or a dependency for it would cost more to
 * keep than these lines.
 *
 * The caller lays out, in the module's memory, a band's 32-bit words [top, bottom] of Pv then of Mv
 * (each padded to whole 64-bit words), and per column the address of its character's match mask at
 * word `top`. Rows only feed the rows below them (carries and shifts go from low bits to high), so
 * the padding half-word below `bottom` never changes a row of the band, whatever it holds.
 */

import type { Pattern } from './bitColumns';

// one function: run(cols, count, bits, words64, outBit) -> delta
const I32 = 0x7f;
const I64 = 0x7e;

// parameters
const COLS = 0;
const COUNT = 1;
const BITS = 2;
const WORDS = 3;
const OUT = 4;
// i32 locals
const J = 5;
const Q = 6;
const MASK = 7;
const ADDR = 8;
const DELTA = 9;
const MV_OFF = 10;
const MASK2 = 11;
const SINGLE = 12;
const I32_LOCALS = 8;
// i64 locals
const HP = 13;
const HM = 14;
const PV = 15;
const MV = 16;
const MATCH = 17;
const EQ = 18;
const XV = 19;
const XH = 20;
const PH = 21;
const MH = 22;
const PHS = 23;
const HP2 = 24;
const HM2 = 25;
const PH2 = 26;
const MH2 = 27;
const I64_LOCALS = 15;

const op = {
  block: [0x02, 0x40],
  loop: [0x03, 0x40],
  if: [0x04, 0x40],
  end: [0x0b],
  br: (depth: number) => [0x0c, depth],
  brIf: (depth: number) => [0x0d, depth],
  select: [0x1b],
  get: (i: number) => [0x20, i],
  set: (i: number) => [0x21, i],
  tee: (i: number) => [0x22, i],
  // constants below 64 and -1 are one byte of signed LEB128
  i32: (v: number) => [0x41, v & 0x7f],
  i64: (v: number) => [0x42, v & 0x7f],
  loadI32: [0x28, 2, 0],
  loadI64: [0x29, 3, 0],
  storeI64: [0x37, 3, 0],
  i32Eq: [0x46],
  i32Eqz: [0x45],
  i32Add: [0x6a],
  i32Sub: [0x6b],
  i32And: [0x71],
  i32Shl: [0x74],
  i32GeU: [0x4f],
  i32LtU: [0x49],
  wrap: [0xa7],
  extendU: [0xad],
  and: [0x83],
  or: [0x84],
  xor: [0x85],
  add: [0x7c],
  shl: [0x86],
  shrU: [0x88],
};

const not = [...op.i64(-1), ...op.xor];

/** One column's step on the word in PV and MV, with the column's mask address and carries in the given locals. */
function column(mask: number, hp: number, hm: number, ph: number, mh: number): number[] {
  return [
    ...op.get(mask), ...op.loadI64, ...op.set(MATCH),
    // eq = match | hm; xv = match | mv
    ...op.get(MATCH), ...op.get(hm), ...op.or, ...op.set(EQ),
    ...op.get(MATCH), ...op.get(MV), ...op.or, ...op.set(XV),
    // xh = (((eq & pv) + pv) ^ pv) | eq
    ...op.get(EQ), ...op.get(PV), ...op.and, ...op.get(PV), ...op.add, ...op.get(PV), ...op.xor, ...op.get(EQ), ...op.or, ...op.set(XH),
    // ph = mv | ~(xh | pv); mh = pv & xh
    ...op.get(MV), ...op.get(XH), ...op.get(PV), ...op.or, ...not, ...op.or, ...op.set(ph),
    ...op.get(PV), ...op.get(XH), ...op.and, ...op.set(mh),
    // phs = (ph << 1) | hp
    ...op.get(ph), ...op.i64(1), ...op.shl, ...op.get(hp), ...op.or, ...op.set(PHS),
    // pv = (mh << 1) | hm | ~(xv | phs); mv = phs & xv
    ...op.get(mh), ...op.i64(1), ...op.shl, ...op.get(hm), ...op.or, ...op.get(XV), ...op.get(PHS), ...op.or, ...not, ...op.or, ...op.set(PV),
    ...op.get(PHS), ...op.get(XV), ...op.and, ...op.set(MV),
    // carries out of the word's last row
    ...op.get(ph), ...op.i64(63), ...op.shrU, ...op.set(hp),
    ...op.get(mh), ...op.i64(63), ...op.shrU, ...op.set(hm),
  ];
}

/** delta += ph[out] - mh[out]. */
function bottomDelta(ph: number, mh: number): number[] {
  return [
    ...op.get(DELTA),
    ...op.get(ph), ...op.get(OUT), ...op.extendU, ...op.shrU, ...op.wrap, ...op.i32(1), ...op.i32And, ...op.i32Add,
    ...op.get(mh), ...op.get(OUT), ...op.extendU, ...op.shrU, ...op.wrap, ...op.i32(1), ...op.i32And, ...op.i32Sub,
    ...op.set(DELTA),
  ];
}

/**
 * Columns go two at a time, as in the JavaScript step they replace: the second steps each word
 * straight from the first's result, so a word is loaded and stored once per two columns. An odd
 * last column steps alone.
 */
function body(): number[] {
  return [
    ...op.get(WORDS), ...op.i32(3), ...op.i32Shl, ...op.set(MV_OFF),
    ...op.block,
    ...op.loop,
    ...op.get(J), ...op.get(COUNT), ...op.i32GeU, ...op.brIf(1),
    // mask = cols[j]; single = j + 1 == count; mask2 = single ? mask : cols[j + 1]
    ...op.get(COLS), ...op.get(J), ...op.i32(2), ...op.i32Shl, ...op.i32Add, ...op.tee(ADDR), ...op.loadI32, ...op.set(MASK),
    ...op.get(J), ...op.i32(1), ...op.i32Add, ...op.get(COUNT), ...op.i32Eq, ...op.set(SINGLE),
    ...op.get(MASK), ...op.get(ADDR), ...op.i32(4), ...op.i32Add, ...op.loadI32, ...op.get(SINGLE), ...op.select, ...op.set(MASK2),
    // the row above the band grows by one per column: a carry of +1 into the first word
    ...op.i64(1), ...op.set(HP),
    ...op.i64(0), ...op.set(HM),
    ...op.i64(1), ...op.set(HP2),
    ...op.i64(0), ...op.set(HM2),
    ...op.i32(0), ...op.set(Q),
    ...op.get(BITS), ...op.set(ADDR),
    ...op.loop,
    ...op.get(ADDR), ...op.loadI64, ...op.set(PV),
    ...op.get(ADDR), ...op.get(MV_OFF), ...op.i32Add, ...op.loadI64, ...op.set(MV),
    ...column(MASK, HP, HM, PH, MH),
    ...op.get(SINGLE), ...op.i32Eqz, ...op.if,
    ...column(MASK2, HP2, HM2, PH2, MH2),
    ...op.end,
    ...op.get(ADDR), ...op.get(PV), ...op.storeI64,
    ...op.get(ADDR), ...op.get(MV_OFF), ...op.i32Add, ...op.get(MV), ...op.storeI64,
    ...op.get(ADDR), ...op.i32(8), ...op.i32Add, ...op.set(ADDR),
    ...op.get(MASK), ...op.i32(8), ...op.i32Add, ...op.set(MASK),
    ...op.get(MASK2), ...op.i32(8), ...op.i32Add, ...op.set(MASK2),
    ...op.get(Q), ...op.i32(1), ...op.i32Add, ...op.tee(Q), ...op.get(WORDS), ...op.i32LtU, ...op.brIf(0),
    ...op.end,
    ...bottomDelta(PH, MH),
    ...op.get(SINGLE), ...op.i32Eqz, ...op.if,
    ...bottomDelta(PH2, MH2),
    ...op.end,
    ...op.get(J), ...op.i32(2), ...op.i32Add, ...op.set(J),
    ...op.br(0),
    ...op.end,
    ...op.end,
    ...op.get(DELTA),
    ...op.end,
  ];
}

function uleb(v: number): number[] {
  const out: number[] = [];
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

const section = (id: number, bytes: number[]) => [id, ...uleb(bytes.length), ...bytes];
const name = (s: string) => [...uleb(s.length), ...[...s].map((c) => c.charCodeAt(0))];

/** The module's bytes (exported for its test). */
export function kernelModule(): Uint8Array {
  const code = [...uleb(2), ...uleb(I32_LOCALS), I32, ...uleb(I64_LOCALS), I64, ...body()];
  return new Uint8Array([
    ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00],
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 1, I32]),
    ...section(3, [1, 0]),
    ...section(5, [1, 0x00, 1]),
    ...section(7, [2, ...name('memory'), 0x02, 0, ...name('run'), 0x00, 0]),
    ...section(10, [1, ...uleb(code.length), ...code]),
  ]);
}

// The WebAssembly API is in Node and in VS Code's extension host; the project's type libraries (es2022, node) leave it out.
declare const WebAssembly: {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: Record<string, unknown> };
};
interface Memory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}

type Run = (cols: number, count: number, bits: number, words: number, outBit: number) => number;

/** Where a kernel keeps a copy of a pattern's masks: at which i32 word, in which generation of its arena. */
export interface Resident {
  kernel: Kernel | null;
  at: number;
  generation: number;
}

/**
 * The module and its memory: a scratch area for one call's columns and masks, then an arena of
 * patterns' masks, filled in order and emptied all at once when full. A search uses two patterns
 * at a time, its original forwards and reversed, so they stay in place while the arena lasts.
 */
export class Kernel {
  private readonly memory: Memory;
  private readonly run: Run;
  private view: Int32Array;
  /** i32 words of scratch and of arena at least (tests make them small, to see the arena refill). */
  private readonly least: { scratch: number; arena: number };
  private scratch = 0;
  private arenaEnd = 0;
  private next = 0;
  private generation = 0;

  constructor(least: { scratch?: number; arena?: number } = {}) {
    const instance = new WebAssembly.Instance(new WebAssembly.Module(kernelModule()));
    this.memory = instance.exports.memory as Memory;
    this.run = instance.exports.run as Run;
    this.view = new Int32Array(this.memory.buffer);
    this.least = { scratch: least.scratch ?? 1 << 14, arena: least.arena ?? 1 << 18 };
  }

  /**
   * Myers' step on words [top, bottom] of `bits` (Pv words then Mv words) for each character of b
   * in [from, to), the row above word `top` growing by one per column; returns the sum of the
   * horizontal deltas at row n (meaningful when `bottom` is the last word), as bitColumns' step does.
   */
  step(p: Pattern, b: string, from: number, to: number, bits: Int32Array, top: number, bottom: number): number {
    const count = to - from;
    if (count <= 0) return 0;
    const W = p.words;
    const length = bottom - top + 1;
    const pairs = (length + 1) >> 1;
    // scratch, in i32 words: the Pv half, the Mv half, each column's mask address, and one word the
    // last column of an odd count reads as its absent partner's
    const scratch = 4 * pairs + count + 1;
    const size = p.peq.length + 1;
    if (scratch > this.scratch || (!this.holds(p) && this.next + size > this.arenaEnd)) this.reserve(scratch, size);
    const at = this.place(p);
    const view = this.view;
    // copied word by word: a pass over a long unit makes thousands of these calls, and views for
    // TypedArray.set were a fifteenth of what a step allocated
    const mv = 2 * pairs;
    for (let k = 0; k < length; k++) {
      view[k] = bits[top + k];
      view[mv + k] = bits[W + top + k];
    }
    const cols = 4 * pairs;
    const base = 4 * (at + top);
    for (let j = from; j < to; j++) view[cols + j - from] = base + 4 * p.mask(b, j);
    const delta = this.run(4 * cols, count, 0, pairs, p.lastBit + 32 * ((length - 1) & 1));
    for (let k = 0; k < length; k++) {
      bits[top + k] = view[k];
      bits[W + top + k] = view[mv + k];
    }
    return delta;
  }

  private holds(p: Pattern): boolean {
    return p.resident.kernel === this && p.resident.generation === this.generation;
  }

  /** Room for `scratch` i32 words of scratch and `pattern` more in an emptied arena. */
  private reserve(scratch: number, pattern: number): void {
    const arena = Math.max(this.arenaEnd - this.scratch, 4 * pattern, this.least.arena);
    if (scratch > this.scratch) this.scratch = Math.max(scratch, 2 * this.scratch, this.least.scratch);
    const needed = 4 * (this.scratch + arena);
    if (needed > this.memory.buffer.byteLength) {
      this.memory.grow(Math.ceil((needed - this.memory.buffer.byteLength) / 65536));
      this.view = new Int32Array(this.memory.buffer);
    }
    this.arenaEnd = this.scratch + arena;
    this.generation++;
    this.next = this.scratch;
  }

  /** The i32 index of the pattern's masks in memory, copying them in when they are not there. */
  private place(p: Pattern): number {
    const resident = p.resident;
    if (this.holds(p)) return resident.at;
    const at = this.next;
    this.view.set(p.peq, at);
    // the last pair of a band may read one word past the last mask's end
    this.view[at + p.peq.length] = 0;
    this.next = at + p.peq.length + 1;
    resident.kernel = this;
    resident.at = at;
    resident.generation = this.generation;
    return at;
  }
}

let kernel: Kernel | null = null;

/** The one kernel of this thread, made on first use. */
export function myersKernel(): Kernel {
  return (kernel ??= new Kernel());
}
