/** How often retention work (pruning old rows) runs while the process lives. */
export const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Runs `task` once now and then every `everyMs`, for as long as the process runs; a failure is logged with `label`
 * and the next round runs as planned. Answers the stop function.
 */
export function startPeriodic(
  label: string,
  task: () => Promise<unknown>,
  everyMs = PRUNE_EVERY_MS,
  log: (line: string) => void = console.error,
): () => void {
  const run = () => task().catch((error: unknown) => log(`${label} failed: ${(error as Error).message}`));
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
