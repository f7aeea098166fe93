/**
 * How a piece of work's time grows with its input, for tests of "linear time" that must not assert a wall-clock
 * bound (docs/operations.md#tests): the time at `size` over the time at a tenth of it, each the quickest of a few
 * tries (a pause of the machine's makes one try slower, not every one). Linear work gives about 10, quadratic about
 * 100, and the backtracking these tests guard against far more.
 */
export async function timeGrowthOverTenfold<T>(
  make: (size: number) => T,
  work: (input: T) => unknown,
  size: number,
  tries = 5,
): Promise<number> {
  // The inputs are made before any timing: only the work is timed.
  const [large, small] = [make(size), make(Math.floor(size / 10))];
  const quickest = async (input: T) => {
    let best = Infinity;
    for (let i = 0; i < tries; i += 1) {
      const started = performance.now();
      await work(input);
      best = Math.min(best, performance.now() - started);
    }
    // A clock's tick at the least: work too quick to time is not a zero.
    return Math.max(best, 0.001);
  };
  await work(small); // warm-up: the first call compiles what the others run
  return (await quickest(large)) / (await quickest(small));
}

/**
 * The most a linear piece of work's timeGrowthOverTenfold is taken to be: about 10 in theory, up to 35 measured here
 * on inputs of a megabyte (memory's effects), where quadratic work measured 130 to 230.
 */
export const LINEAR_GROWTH_AT_MOST = 60;

/** The quickest of a few tries of `work`, in ms: for a ratio against a baseline measured in the same test. */
export async function quickestMs(work: () => unknown, tries = 3): Promise<number> {
  let best = Infinity;
  for (let i = 0; i < tries; i += 1) {
    const started = performance.now();
    await work();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}
