/**
 * A small seeded generator (mulberry32), so a data set of a given size is the same on every run and
 * two runs measure the same rows.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    const item = items[Math.floor(this.next() * items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }

  /** One of `weighted`'s values, each as likely as its weight. */
  weighted<T>(weighted: readonly (readonly [T, number])[]): T {
    const total = weighted.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [value, weight] of weighted) {
      roll -= weight;
      if (roll < 0) return value;
    }
    const last = weighted[weighted.length - 1];
    if (!last) throw new Error('weighted pick from an empty list');
    return last[0];
  }
}
