/**
 * The code runs alike on every Node the `engines` field allows (20, which this machine has; 22 and 24, the LTS lines
 * the Dockerfile and the manifests run in production): docs/deployment.md#the-node-runtime. The type-check allows
 * only what Node 20 and ES2023 have (nothing newer can be written without a type error), and no source uses what
 * Node 22 or 24 removed or changed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '@sh/shared/launcher';

/** What Node 22 or 24 removed or changed, that Node 20 still has, and why each is refused. */
const CHANGED_SINCE_NODE_20: [RegExp, string][] = [
  [/\bassert\s*\{\s*type\s*:/, 'import assertions (`assert { type }`): removed in Node 22; use `with { type }`'],
  [/\butil\.is[A-Z]\w*\(/, 'util.isArray and the other util.is* functions: removed in Node 23'],
  [/\bcreate(De)?[Cc]ipher\(/, 'crypto.createCipher and createDecipher: removed in Node 22'],
  [/\bSlowBuffer\b/, 'SlowBuffer: removed in Node 24'],
  [/\bcreateSecurePair\b/, 'tls.createSecurePair: removed in Node 24'],
  [/\bprocess\.binding\(/, 'process.binding: internal, changes between versions'],
  [/--experimental-/, 'an experimental flag: what it enables differs between Node versions'],
];

const SOURCE_DIRS = ['packages', 'services', 'doubles', 'scripts', 'bench', 'e2e'];
const SOURCE = /\.(ts|tsx|mjs|js)$/;

function sourcesIn(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) return [];
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesIn(full);
    return SOURCE.test(entry.name) ? [full] : [];
  });
}

describe('the Node versions the platform runs on', () => {
  const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    engines: { node: string };
    devDependencies: Record<string, string>;
    scripts: Record<string, string>;
  };

  it('type-checks against the oldest one engines allows: Node 20 and ES2023', () => {
    expect(packageJson.engines.node).toBe('>=20 <25');
    expect(packageJson.devDependencies['@types/node']).toMatch(/^\^20\./);
    const base = JSON.parse(readFileSync(path.join(ROOT, 'tsconfig.base.json'), 'utf8')) as {
      compilerOptions: { lib: string[] };
    };
    expect(base.compilerOptions.lib).toEqual(['ES2023']);
  });

  it('uses nothing that Node 22 or 24 removed or changed', () => {
    const files = SOURCE_DIRS.flatMap((dir) => sourcesIn(path.join(ROOT, dir)));
    expect(files.length).toBeGreaterThan(300);
    const self = path.join(ROOT, 'scripts/node-versions.test.ts');
    const found = files
      .filter((file) => file !== self)
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8');
        return CHANGED_SINCE_NODE_20.filter(([pattern]) => pattern.test(text)).map(
          ([, why]) => `${path.relative(ROOT, file)}: ${why}`,
        );
      });
    const scripts = Object.entries(packageJson.scripts).filter(([, command]) => /--experimental-/.test(command));
    expect([...found, ...scripts.map(([name]) => `npm run ${name}: an experimental flag`)]).toEqual([]);
  });
});
