#!/usr/bin/env node
/**
 * The first-load budget: the JavaScript a visitor's browser fetches before the first page can run, gzipped,
 * must total at most 100 kB (issue 11). It reads the built index.html, takes every script and modulepreload
 * it names, follows their static imports, gzips each file and adds them up. Code loaded later (a route's
 * chunk, zod for a form) does not count. Exits 1 over budget, 2 when the build is missing.
 *
 *   node scripts/check-bundle-budget.mjs [--build] [--dist web/dist] [--budget 100000]
 *
 * --build builds web/dist first (a production build), as `npm test` does.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DEFAULT_BUDGET_BYTES = 100_000;

const TAG = /<(script|link)\b([^>]*)>/gi;
const ATTRIBUTE = /([a-z-]+)\s*=\s*"([^"]*)"/gi;
// Static imports in a built chunk: `import{a as b}from"./x.js"` and `import"./x.js"` (not `import("./x.js")`).
const STATIC_IMPORT = /\bfrom\s*"(\.{1,2}\/[^"]+\.js)"|\bimport\s*"(\.{1,2}\/[^"]+\.js)"/g;

function attributesOf(text) {
  const attributes = {};
  for (const match of text.matchAll(ATTRIBUTE)) attributes[match[1].toLowerCase()] = match[2];
  return attributes;
}

/** The JavaScript files index.html loads up front: its scripts and modulepreloads, as paths under distDir. */
export function upFrontScripts(indexHtml, distDir) {
  const files = [];
  for (const match of indexHtml.matchAll(TAG)) {
    const attributes = attributesOf(match[2]);
    const url =
      match[1].toLowerCase() === 'script'
        ? attributes.src
        : attributes.rel === 'modulepreload'
          ? attributes.href
          : undefined;
    if (url && !/^[a-z]+:\/\//i.test(url)) files.push(path.join(distDir, url.replace(/^\//, '')));
  }
  return files;
}

/** Every file of the first load, the up-front scripts and whatever they import statically, each gzipped once. */
export function measureFirstLoad(distDir) {
  const indexPath = path.join(distDir, 'index.html');
  if (!existsSync(indexPath))
    throw new Error(`${indexPath} is missing: build the web app first (npm run build -w web).`);
  const queue = upFrontScripts(readFileSync(indexPath, 'utf8'), distDir);
  const seen = new Set();
  const files = [];
  while (queue.length > 0) {
    const file = queue.shift();
    if (seen.has(file)) continue;
    seen.add(file);
    const content = readFileSync(file);
    files.push({
      file: path.relative(distDir, file),
      bytes: content.length,
      gzipBytes: gzipSync(content, { level: 9 }).length,
    });
    for (const match of content.toString('utf8').matchAll(STATIC_IMPORT)) {
      queue.push(path.resolve(path.dirname(file), match[1] ?? match[2]));
    }
  }
  return { files, gzipBytes: files.reduce((sum, entry) => sum + entry.gzipBytes, 0) };
}

function readOption(args, name) {
  const index = args.indexOf(name);
  return index >= 0 ? args[index + 1] : undefined;
}

function kB(bytes) {
  return `${(bytes / 1000).toFixed(2)} kB`;
}

function main(args) {
  const distDir = path.resolve(readOption(args, '--dist') ?? path.join(ROOT, 'web/dist'));
  const budget = Number(readOption(args, '--budget') ?? DEFAULT_BUDGET_BYTES);
  if (args.includes('--build')) {
    // A production build whatever this process runs under.
    const build = spawnSync('npm', ['run', 'build', '-w', 'web'], {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (build.status !== 0) return 1;
  }
  let measured;
  try {
    measured = measureFirstLoad(distDir);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  for (const entry of [...measured.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    console.log(`${kB(entry.gzipBytes).padStart(10)}  ${entry.file}`);
  }
  const verdict = measured.gzipBytes <= budget ? 'within' : 'OVER';
  console.log(`First load: ${kB(measured.gzipBytes)} of gzipped JavaScript, ${verdict} the budget of ${kB(budget)}.`);
  return measured.gzipBytes <= budget ? 0 : 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
