/**
 * At two replicas (--replicas): how each part's connections and bytes spread over its replicas in one phase, through
 * the launcher's balancer. A replica that was not killed and took nothing although its part's callers opened a
 * connection for each replica in the phase is a failure: the connections did not spread. (A part asked over one or
 * two kept-alive connections may open fewer in a short phase.)
 */
import type { Phase } from './phase.js';

type Spread = Map<string, { connections: number; bytes: number }>;

export function noteSpread(phase: Phase, before: Spread, after: Spread, killed: string | undefined): string[] {
  const failures: string[] = [];
  const byPart = new Map<string, Array<{ name: string; connections: number; bytes: number }>>();
  for (const [name, count] of after) {
    const was = before.get(name) ?? { connections: 0, bytes: 0 };
    const part = name.replace(/\.\d+$/, '');
    byPart.set(part, [
      ...(byPart.get(part) ?? []),
      { name, connections: count.connections - was.connections, bytes: count.bytes - was.bytes },
    ]);
  }
  const parts: string[] = [];
  for (const [part, replicas] of byPart) {
    const total = replicas.reduce((sum, r) => sum + r.bytes, 0);
    if (total === 0) continue;
    parts.push(
      `${part} ${replicas.map((r) => `${((100 * r.bytes) / total).toFixed(0)} % (${r.connections} conn.)`).join(' / ')}`,
    );
    const opened = replicas.reduce((sum, r) => sum + r.connections, 0);
    for (const r of replicas)
      if (r.bytes === 0 && r.name !== killed && opened >= replicas.length)
        failures.push(`${r.name} took none of ${part}'s requests, though ${opened} connections to ${part} were opened`);
  }
  phase.notes.push(`requests' bytes by replica: ${parts.join('; ') || 'none through the balancers'}`);
  return failures;
}
