// Title similarity for the issue form's "Did you mean ...?" hint (shown above 0.7).
// Sørensen-Dice coefficient on character bigrams of the normalised titles. Client-safe.

/** Above this, an existing issue's name is offered as a possible duplicate. */
export const SIMILAR_TITLE_THRESHOLD = 0.7;

function normalise(text: string) {
  return text.toLowerCase().replace(/\s+/g, " ").trim();
}

function bigrams(text: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (let index = 0; index < text.length - 1; index++) {
    const pair = text.slice(index, index + 2);
    counts.set(pair, (counts.get(pair) ?? 0) + 1);
  }
  return counts;
}

/** 1 for identical titles (ignoring case and spacing), 0 for nothing in common. */
export function similarity(a: string, b: string): number {
  const left = normalise(a);
  const right = normalise(b);
  if (left === right) return left.length === 0 ? 0 : 1;
  if (left.length < 2 || right.length < 2) return 0;
  const leftPairs = bigrams(left);
  const rightPairs = bigrams(right);
  let shared = 0;
  for (const [pair, count] of leftPairs) shared += Math.min(count, rightPairs.get(pair) ?? 0);
  return (2 * shared) / (left.length - 1 + (right.length - 1));
}

/** The most similar candidate above the threshold, or null. */
export function findSimilar<T extends { name: string }>(title: string, candidates: readonly T[], threshold = SIMILAR_TITLE_THRESHOLD) {
  if (normalise(title).length < 3) return null;
  let best: T | null = null;
  let bestScore = threshold;
  for (const candidate of candidates) {
    const score = similarity(title, candidate.name);
    if (score > bestScore) {
      best = candidate;
      bestScore = score;
    }
  }
  return best;
}
