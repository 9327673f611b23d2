import type { Span } from './edits';

/**
 * The items no other item's span contains (`start <= start && end <= end`), in their given order:
 * a nested function goes with the function that holds it. Two items with the same span contain
 * each other, so neither is outermost (as the pairwise check every caller made before had it).
 * Sorted by start, the longer first, then swept keeping the furthest end seen, instead of
 * comparing every item with every other: a file of thousands of functions plans in n log n.
 */
export function outermost<T>(items: readonly T[], spanOf: (item: T) => Span): T[] {
  const spans = items.map(spanOf);
  const order = spans.map((_, i) => i).sort((a, b) => spans[a].start - spans[b].start || spans[b].end - spans[a].end);
  const inside = new Array<boolean>(items.length).fill(false);
  // the furthest end among items earlier in the order than the current run of equal spans
  let furthest = -Infinity;
  for (let i = 0; i < order.length; ) {
    const { start, end } = spans[order[i]];
    let j = i;
    while (j < order.length && spans[order[j]].start === start && spans[order[j]].end === end) j++;
    // an earlier item starts no later and, ending at or after this end, contains it; another item
    // of the same span does too (the same item listed twice is not another)
    const contained = furthest >= end || new Set(order.slice(i, j).map((k) => items[k])).size > 1;
    for (let k = i; k < j; k++) inside[order[k]] = contained;
    furthest = Math.max(furthest, end);
    i = j;
  }
  return items.filter((_, i) => !inside[i]);
}
