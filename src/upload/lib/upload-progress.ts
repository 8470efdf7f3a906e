/** A whole percentage of `done` out of `total` bytes, 0–100 (100 for an empty total). */
export const percentOf = (done: number, total: number): number => {
  if (total <= 0) return 100;
  return Math.min(100, Math.max(0, Math.floor((done / total) * 100)));
};
