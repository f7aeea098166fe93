/** Where every benchmark keeps its figures (bench/results/, not committed), read by bench/README.md's tables. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '@sh/shared/launcher';

export const RESULTS_DIR = path.join(ROOT, 'bench/results');

/** Writes one run's figures to bench/results/<name>.json, stamped with the time of writing. */
export function writeResults(name: string, figures: Record<string, unknown>): void {
  mkdirSync(RESULTS_DIR, { recursive: true });
  writeFileSync(
    path.join(RESULTS_DIR, `${name}.json`),
    JSON.stringify({ at: new Date().toISOString(), ...figures }, null, 2),
  );
}
