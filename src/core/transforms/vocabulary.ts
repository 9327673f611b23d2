import { pluralOf, singularsOf } from '../text/identifiers';

/**
 * The curated vocabulary renames draw new words from. A name is read as a sequence of words;
 * phrases are matched first (longest first: `lead_time` is one thing, a `delivery_time`, not a
 * `lead` and a `time`), then words by their part of speech and place in the name. Every
 * alternative keeps the meaning and the part of speech of what it replaces, in the singular
 * (plurals follow the original: `items` -> `entries`). A word with no alternative that keeps its
 * meaning in code is not listed and stays as it is (`day`, `key`, `start`, `left`): a near-miss
 * reads as nonsense (`lead_moment_dailies`), and a rename with nothing good to say is not made.
 *
 * Each table is `key: alternative, alternative` per line; words of a multi-word key or
 * alternative are separated by spaces; `-` marks a key that stays as it is (a phrase whose words
 * must not be swapped one by one).
 */
function table(text: string): ReadonlyMap<string, readonly (readonly string[])[]> {
  const out = new Map<string, string[][]>();
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim();
    if (!line) continue;
    const colon = line.indexOf(':');
    if (colon < 0) throw new Error(`vocabulary line without a colon: ${line}`);
    const key = line.slice(0, colon).trim().split(/\s+/).join(' ');
    const alts = line
      .slice(colon + 1)
      .split(',')
      .map((a) => a.trim())
      .filter((a) => a && a !== '-')
      .map((a) => a.split(/\s+/));
    if (out.has(key)) throw new Error(`vocabulary key listed twice: ${key}`);
    out.set(key, alts);
  }
  return out;
}

/** Phrases: a word sequence that means one thing. A plural last word pluralises the alternative's last word. */
const PHRASES = table(`
  # quantities and money
  lead time: delivery time, turnaround time
  on hand: in stock, available
  unit cost: unit price, cost per unit
  unit price: price per unit, unit cost
  pack size: bundle size, package size
  order quantity: purchase quantity, reorder quantity
  reorder point: restock threshold, reorder level
  safety days: buffer days
  safety stock: buffer stock
  cover days: coverage days
  open days: business days, trading days
  business days: working days, weekdays
  daily rate: rate per day, day rate
  daily limit: limit per day, day limit
  days left: days remaining, remaining days
  time left: time remaining, remaining time
  max order: order limit, largest order
  total cost: overall cost, combined cost
  total units: unit count, overall units
  total points: point total, overall points
  total seconds: duration seconds
  total syllables: syllable count, syllable total
  basis points: bps
  opening balance: starting balance, initial balance
  expected balance: wanted balance
  interest rate: rate of interest
  late penalty: late fee
  late days: days late, overdue days
  charged days: billed days
  max late days: late day limit
  shipping cents: delivery cents, postage cents
  coupon code: promo code, voucher code
  bulk threshold: bulk minimum, volume threshold
  bulk percent: bulk discount percent, volume percent
  extra weight: added weight, additional weight
  weight grams: gram weight, mass in grams
  item count: number of items, entry count
  withdrawn today: withdrawn so far today, taken out today
  savings basis points: savings bps, savings rate bps
  overdraft basis points: overdraft bps, overdraft rate bps
  overdraft limit: overdraft cap, overdraft ceiling
  # text
  max width: width limit
  min length: minimum length
  max length: maximum length
  words per sentence: sentence length
  all words: word list
  seen text: text so far
  previous vowel: last vowel, prior vowel
  line number: line index, row number
  # search and structure
  left diagonals: -
  right diagonals: -
  free cells: empty cells, open cells
  last seen: last position, previous position
  last end: previous end, prior end
  last start: previous start, prior start
  best end: optimal end
  best start: optimal start
  best length: optimal length
  best steps: optimal steps
  window start: left edge
  window end: right edge
  current start: run start
  stop minutes: dwell minutes, layover minutes
  road list: roads
  unreachable count: unreachable total
  # algorithms and function names
  binary search: bisect, bisection search
  insertion sort: sort by insertion
  merge sort: sort by merging
  quick sort: -
  bit distance: hamming distance
  close to: nearly equal, approximately equal
  day of week: weekday
  day of year: ordinal day
  day number: ordinal day
  extended gcd: extended euclid
  matrix multiply: multiply matrices, matrix product
  income tax: -
  rle decode: expand runs, decode runs
  rle encode: compress runs, encode runs
  run length encode: compress runs, encode runs
  sieve primes: primes up to, find primes
  primes up to: sieve primes, find primes
  edit distance: levenshtein distance
  shortest paths: cheapest paths
  shortest path: cheapest path
  shortest times: fastest times, quickest times
  topological order: dependency order
  topological sort: dependency sort, order by dependencies
  to snake case: snake case
  spiral order: spiral traversal, spiral walk
  longest increasing subsequence: longest rising subsequence
  longest unique substring: longest distinct substring
  longest common subsequence: longest shared subsequence
  max subarray: maximum subarray, largest subarray
  moving average: rolling average, running average
  number to words: spell number, number in words
  roman to int: roman to integer, parse roman
  to postfix: postfix form
  to base: convert to base
  pascal triangle: pascal rows, binomial triangle
  rotate clockwise: turn clockwise
  wrap text: fold text, break lines
  word wrap: line wrap, text wrap
  digital root: repeated digit sum
  evaluate rpn: evaluate postfix
  eval rpn: evaluate postfix
  luhn valid: passes luhn, luhn check
  std dev: standard deviation
  sort by insertion: insertion sort
  sort by merging: merge sort
  sort by counting: counting sort
  matrix product: -
  greatest common divisor: -
  least common multiple: -
  dependency sort: topological sort
  dependency order: topological order
  evaluate postfix: -
  read size: parse size
  modular power: pow mod
  in stock: on hand, available
  buffer days: safety days
  delivery time: lead time
  turnaround time: lead time
  pow mod: modular power
  json escape: escape json, json quote
  combination sum: target combinations, combinations to target
  parse size: read size
  life step: next generation, advance generation
  is valid isbn: isbn is valid, check isbn
  is number literal: is numeric literal
  check brackets: brackets balanced, match brackets
  fill region: flood fill, fill area
  merge intervals: combine intervals
  counting sort: sort by counting
  group anagrams: bucket anagrams, cluster anagrams
  free gaps: open gaps, empty gaps
  parse query string: read query string, decode query string
  encode base64: to base64, base64 encode
  decode varints: read varints
  compare versions: version compare, compare version strings
  top words: most frequent words, commonest words
  reading ease: readability, ease of reading
  sentence count: number of sentences, count sentences
  letter grade: -
  snake case: -
  infix to postfix: -
  postfix form: -
  ease of reading: -
  number in words: -
  fold text: -
  text wrap: -
  line wrap: -
  project balance: forecast balance, projected balance
  longest gap: widest gap
  hours worked: worked hours, time worked
  within hours: inside hours, during hours
  ackermann lite: small ackermann
  run start: streak start
  run length: streak length
  bonus for: extra pay for
  pass mark: pass threshold, passing score
`);

/** Verbs, in the base form, for the verb of a function name (`count_routes`, `parseLine`). */
const VERBS = table(`
  compute: calculate
  calc: calculate, compute
  calculate: compute
  evaluate: compute
  eval: evaluate
  get: fetch, retrieve
  fetch: retrieve, get
  retrieve: fetch, get
  find: locate
  locate: find
  search: look up, scan
  check: verify, validate
  validate: verify, check
  verify: check, confirm
  parse: read
  read: -
  load: -
  save: store, persist
  store: save
  print: show, display
  show: display, present
  display: show
  render: format
  draw: render
  format: render
  fmt: format
  build: construct, assemble, make
  make: build, create
  create: make, build
  construct: build
  generate: produce, create
  gen: generate
  produce: generate
  init: initialize, set up
  initialize: set up
  reset: clear
  clear: reset
  update: refresh
  append: push
  push: append
  insert: add
  remove: delete, drop
  delete: remove
  del: delete
  erase: remove, delete
  filter: sift, screen
  select: pick, choose
  pick: choose, select
  choose: pick, select
  transform: convert
  process: handle
  handle: process
  execute: run, perform
  perform: execute, carry out
  invoke: call
  merge: combine
  combine: merge
  join: concatenate, combine
  concat: concatenate, join
  split: divide, separate
  divide: split
  sort: order, arrange
  arrange: order, sort
  reverse: invert, flip
  rotate: turn
  swap: exchange
  exchange: swap
  collect: gather
  gather: collect
  accumulate: -
  traverse: walk, visit
  walk: traverse
  tokenize: lex
  lex: tokenize
  estimate: approximate
  predict: forecast
  forecast: predict, project
  clamp: clip, bound
  trim: strip
  strip: trim
  clean: tidy
  classify: categorize
  categorize: classify
  greet: welcome
  accrue: accumulate
  post: record, apply
  repeat: duplicate
  decrypt: decipher
  encrypt: encipher
  decipher: decrypt
  encipher: encrypt
  skip: skip over
  count: tally
  rank: order
  restock: replenish, refill
  replenish: restock, refill
  expect: assert that, require
  rate: score, grade
  describe: explain
  list: enumerate
  tally: count
  sum: total, add up
  total: sum, add up
  average: mean
  group: cluster, bucket
  bucket: group
  convert: -
  translate: convert
  escape: quote
  decode: -
  encode: -
  fill: -
  flatten: -
  add: -
  subtract: -
  multiply: -
  solve: -
  sieve: -
  summarize: -
  slugify: make slug, to slug
  pack: bundle, package
  fits: has room for, can hold
  covers: can cover, can afford
  halve: cut in half
`);

/** Verbs whose alternative fits only when the verb is the whole name: `add(a, b)` may be `plus`, `add_road` is no `plus_road`. */
const LONE_VERBS = table(`
  add: plus, sum
`);

/**
 * Nouns that are verbs too (`record`, `stock`, `power`). In a function name's verb place they keep
 * their verb sense, which has no alternative here: `record_sale` is not an `entry_sale`. A name
 * that starts with one may still be a noun phrase (`stock_value`).
 */
const NOUN_VERBS = new Set(
  `record report charge discount stock cost price budget alert test order map set index score grade mark time sample
  measure limit bound cap name label tag step shift match fit cover change project run cache chart table note log
  plan schedule book bill ship deposit withdraw transfer pay credit debit balance weight stack queue level square
  double half power root`.split(/\s+/),
);

/** Nouns, in the singular (their plurals follow: `items` -> `entries`), with abbreviations and the usual one-letter names. */
const NOUNS = table(`
  # results and accumulators
  result: outcome, output
  res: result
  ret: result
  ans: answer
  answer: result, solution
  solution: answer
  out: output
  output: result
  acc: accumulator
  accum: accumulator
  total: sum
  sum: total
  count: -
  cnt: count
  counts: tallies
  counter: tally
  num: number
  qty: quantity
  quantity: amount, count
  prod: product
  rem: remainder
  # positions and one-letter names
  i: index, idx
  idx: index, position
  index: position
  s: text, string
  ch: character, char
  err: error
  pos: position
  loc: location
  lo: low
  hi: high
  mid: middle, midpoint
  middle: midpoint, center
  center: middle
  cur: current
  curr: current
  prev: previous
  nxt: next
  lhs: left
  rhs: right
  ptr: pointer
  it: iterator
  iter: iterator
  # extremes and statistics
  max: maximum
  min: minimum
  avg: average, mean
  average: mean
  mean: average
  stat: statistic
  stats: statistics, metrics
  metric: measure
  freq: frequency
  pct: percent, percentage
  percent: percentage
  percentage: -
  # collections
  item: entry, element
  elem: element
  el: element
  element: item, entry
  entry: item
  arr: array
  seq: sequence
  sequence: series
  vec: vector
  lst: list
  info: details
  dict: mapping
  memo: cache
  cache: memo
  dp: table, memo
  mat: matrix
  matrix: grid
  grid: matrix
  col: column
  cols: columns
  chunk: piece, block
  part: piece
  piece: part, fragment
  segment: section, part
  bucket: bin
  bin: bucket
  batch: group
  seen: visited
  visited: seen
  buf: buffer
  cand: candidate
  opts: options
  choice: option, selection
  # text
  str: string, text
  text: content
  msg: message
  name: label
  label: caption, tag
  title: heading
  token: lexeme
  suffix: ending
  letter: character
  char: character
  expression: formula
  expr: expression
  op: operator, operation
  addr: address
  mod: modulus
  dep: dependency
  deps: dependencies
  kind: category
  category: kind
  prec: precedence
  cmd: command
  command: instruction
  # graphs and paths
  node: vertex
  vertex: node
  graph: network
  dist: distance
  adj: adjacency, neighbours
  goal: target
  src: source
  dst: destination
  dest: destination
  destination: target
  indegree: incoming count
  frontier: open set, fringe
  # measures
  len: length
  length: size
  size: length
  sz: size
  delta: change, difference
  diff: difference, delta
  difference: delta, gap
  ratio: proportion
  multiplier: factor
  limit: cap
  lim: limit
  bound: limit
  threshold: cutoff
  cutoff: threshold
  cap: limit
  speed: velocity, pace
  velocity: speed
  exp: exponent
  pow: power
  power: -
  sqrt: square root
  abs: absolute value
  fib: fibonacci
  gcd: greatest common divisor
  lcs: longest common subsequence
  lcm: least common multiple
  # money, business, everyday things
  price: cost
  fee: charge
  charge: fee
  discount: reduction
  salary: wage, pay
  budget: allowance, spending limit
  income: earnings
  earnings: income
  revenue: income
  profit: gain
  loss: deficit
  shortfall: deficit, shortage
  deficit: shortfall
  pack: bundle, package
  packs: bundles, packages
  alarm: alert
  alert: alarm
  customer: client
  client: customer
  employee: worker
  student: pupil, learner
  task: job
  job: task
  record: entry
  report: summary
  summary: overview
  history: log
  inventory: stock
  stock: inventory
  owner: holder
  holder: owner
  picture: image
  image: picture
  replacement: substitute
  substitution: replacement
  deletion: removal
  removal: deletion
  failure: error
  error: failure
  scenario: case
  tier: band
  band: tier
  interval: span, period
  span: interval
  period: interval
  journal: ledger, log
  ledger: journal
  coupon: voucher, promo
  voucher: coupon
  shipping: delivery, postage
  postage: shipping
  refund: reimbursement
  booking: reservation
  reservation: booking
  expense: cost, expenditure
  spent: -
  config: configuration, settings
  cfg: config, configuration
  setting: option
  settings: options
  thermostat: -
  obstacle: barrier, blocker
  deadline: due time
  arrival: arrival time
  dependency: prerequisite
  prerequisite: dependency
  evicted: removed
  commands: orders
  readings: measurements, samples
  measurement: reading
  sample: reading
  factors: divisors
  divisor: factor
  frame: round
  roll: throw
  isbn: -
  ipv4: -
  morse: -
  knapsack: -
  anagram: -
  histogram: frequency chart
  palindrome: -
  levenshtein: edit distance
  vigenere: vigenere cipher
  luhn: -
  depot: hub
  cases: examples, scenarios
  route: path
  hop: leg
  overtime: extra hours
  lot: batch
  gross: gross pay, pre tax
  score: points
`);

/** Adjectives, participles and other words that do not take a plural (`sorted`, `first`). */
const ADJECTIVES = table(`
  actual: observed
  got: actual, observed
  expected: wanted
  wanted: expected
  chosen: selected, picked
  selected: chosen, picked
  picked: chosen, selected
  merged: combined
  combined: merged
  sorted: ordered
  ordered: sorted
  ranked: ordered, sorted
  reversed: inverted, flipped
  filled: populated
  found: located
  located: found
  previous: prior, preceding
  prior: previous
  last: final
  first: -
  initial: starting
  original: initial
  orig: original
  old: previous
  remaining: leftover
  leftover: remaining
  extra: additional
  additional: extra
  malformed: invalid, corrupt
  invalid: malformed
  done: finished, complete
  finished: done, complete
  ready: available
  enabled: active
  active: enabled
  changed: modified, altered
  modified: changed
  updated: refreshed, revised
  distinct: unique
  unique: distinct
  largest: biggest, greatest
  biggest: largest
  greatest: largest
  highest: largest, top
  lowest: smallest
  smallest: lowest
  closest: nearest
  nearest: closest
  farthest: furthest
  fastest: quickest
  quickest: fastest
  best: optimal
  optimal: best
  stored: saved
  saved: stored
  full: complete
  produced: emitted, generated
  written: emitted
  counted: tallied
  rejected: refused, declined
  accepted: approved, admitted
  cleaned: tidied
  weighted: scaled
  scaled: weighted
  held: retained
  alive: living
  dead: gone
  visible: shown
  shown: displayed, visible
  hidden: concealed
  rendered: formatted
  formatted: rendered
  late: overdue
  overdue: late
  valid: correct
  honoured: honored
  plain: unformatted
  frozen: locked
  premium: -
  daily: -
  tight: -
  withheld: deducted
  missing: absent
  opening: starting
  wasted: unused
`);

/**
 * A word's sense as a modifier, before another word (`total_cost` is an overall cost, not a sum
 * cost); `-` where the word must stay there (`high_score` is not an `upper_score`).
 */
const MODIFIERS = table(`
  total: overall, combined
  max: maximum
  min: minimum
  high: -
  low: -
  current: -
  count: -
  word: -
  line: -
  row: -
  sum: -
  sale: -
  cover: -
  name: -
  key: -
  base: -
  case: -
  order: -
  time: -
  frame: -
  text: -
  last: previous, latest
  first: -
  new: fresh
  is: -
  has: -
  num: number of
  n: -
  i: -
  e: -
  c: -
  s: -
  op: -
  it: -
  ok: -
  combined: -
  merged: -
  out: -
  remaining: leftover
`);

/** A word's sense as the last word of a longer name (`days_left` is days remaining, not days to the left). */
const TRAILING = table(`
  left: remaining
  high: upper
  low: lower
  count: total
  sum: total
  total: sum
  max: maximum, limit
  min: minimum
  i: -
  n: -
  e: -
  c: -
  s: -
  ok: -
  it: -
  length: -
  size: -
  out: -
  remaining: -
`);

/** What a function name that is only a noun phrase naming a value (`histogram`, `crc32`) may gain: the verb of computing it. */
export const FUNCTION_VERBS: readonly string[] = ['compute', 'calculate'];

/** Nouns for values a function computes: a name that ends in one may gain a verb of FUNCTION_VERBS (`income_tax` -> `compute_income_tax`). */
const COMPUTED = new Set(
  `crc adler checksum hash digest determinant histogram score tax collatz distance average mean median mode variance deviation
  total sum count product quotient remainder root power factorial fibonacci gcd lcm link interest balance cost price fee value
  binomial grade partition combination
  discount shipping rate ratio percentage percent ease length width height area volume size depth weight age`.split(/\s+/),
);

/** Whether a function named by a noun phrase ending in \`word\` computes a value, so a computing verb may go before it. */
export function namesComputedValue(word: string): boolean {
  const bare = word.replace(/\d+$/, '');
  return COMPUTED.has(bare) || singularsOf(bare).some((s) => COMPUTED.has(s));
}

export type WordRole = 'verb' | 'modifier' | 'head' | 'alone';

/** The alternatives of a phrase of two or more words, or undefined when the words are not a known phrase. */
export function phraseAlternatives(words: readonly string[]): readonly (readonly string[])[] | undefined {
  const key = words.join(' ');
  const exact = PHRASES.get(key);
  if (exact) return exact;
  // the phrase with a plural last word: `unit_costs` -> `unit_prices`
  const last = words[words.length - 1];
  for (const singular of singularsOf(last)) {
    const found = PHRASES.get([...words.slice(0, -1), singular].join(' '));
    if (found) return found.map(pluralPhrase);
  }
  return undefined;
}

/** The plural of a phrase: its head noun takes it, the last word or the one before a preposition (`costs_per_unit`). */
function pluralPhrase(words: readonly string[]): string[] {
  const at = words.findIndex((w, i) => i > 0 && PREPOSITIONS.has(w));
  const head = at > 0 ? at - 1 : words.length - 1;
  return words.map((w, i) => (i === head ? pluralOf(w) : w));
}

const PREPOSITIONS = new Set(['per', 'of', 'in', 'to', 'for', 'by', 'from', 'with', 'on', 'at']);

/** Whether a word is a verb of the vocabulary, and not a noun as well. */
export function isVerb(word: string): boolean {
  return VERBS.has(word) && !NOUN_VERBS.has(word);
}

/**
 * The alternatives of one word in its role: the verb of a function name; a modifier before
 * another word; the last word of a longer name (its head); a name's only word. `place` is where
 * a function's first word stands, for when it is no verb.
 */
export function wordAlternatives(
  word: string,
  role: WordRole,
  place: Exclude<WordRole, 'verb'> = role === 'verb' ? 'alone' : role,
): readonly (readonly string[])[] {
  if (role === 'verb') {
    const verb = (place === 'alone' ? LONE_VERBS.get(word) : undefined) ?? VERBS.get(word) ?? (NOUN_VERBS.has(word) ? [] : undefined);
    if (verb) {
      // a word that is also a noun (`count`, `sum`) keeps only what both readings allow
      const noun = NOUNS.get(word);
      if (!noun || noun.length === 0) return verb;
      const nounKeys = new Set(noun.map((a) => a.join(' ')));
      return verb.filter((a) => nounKeys.has(a.join(' ')));
    }
    // not a verb: a function named by a noun phrase (`histogram`, `text_wrap`)
    return nominal(word, place);
  }
  return nominal(word, role);
}

function nominal(word: string, role: Exclude<WordRole, 'verb'>): readonly (readonly string[])[] {
  if (role === 'modifier' && MODIFIERS.has(word)) return MODIFIERS.get(word)!;
  if (role === 'head' && TRAILING.has(word)) return TRAILING.get(word)!;
  const direct = NOUNS.get(word) ?? ADJECTIVES.get(word);
  if (direct) return direct;
  // a trailing number stays: `x1` -> `item1`
  const numbered = /^([a-z]+?)(\d+)$/.exec(word);
  if (numbered) {
    const base = nominal(numbered[1], role);
    return base.map((alt) => [...alt.slice(0, -1), `${alt[alt.length - 1]}${numbered[2]}`]);
  }
  for (const singular of singularsOf(word)) {
    if (role === 'modifier' && MODIFIERS.has(singular)) return MODIFIERS.get(singular)!.map(pluralPhrase);
    const noun = NOUNS.get(singular);
    if (noun) return noun.map(pluralPhrase);
  }
  return [];
}

let cachedWords: ReadonlySet<string> | undefined;

/** Every word a rename may bring into a name: the words of every alternative, in every form the tables give. */
export function vocabularyWords(): ReadonlySet<string> {
  if (!cachedWords) {
    const out = new Set<string>(FUNCTION_VERBS);
    for (const t of [PHRASES, VERBS, LONE_VERBS, NOUNS, ADJECTIVES, MODIFIERS, TRAILING]) {
      for (const alts of t.values()) {
        for (const alt of alts) {
          for (const w of alt) out.add(w);
          out.add(pluralOf(alt[alt.length - 1]));
        }
      }
    }
    cachedWords = out;
  }
  return cachedWords;
}
