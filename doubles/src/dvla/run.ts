/** Starts a double from its main.ts: the port from an environment variable, a line when it listens, a clean stop. */
export async function runDouble(
  name: string,
  portVariable: string,
  defaultPort: number,
  start: (port: number, host: string) => Promise<{ url: string; close(): Promise<void> }>,
): Promise<void> {
  const value = process.env[portVariable];
  const port = value === undefined || value === '' ? defaultPort : Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`[${name}] not a port: ${value}\n`);
    process.exit(1);
  }
  const double = await start(port, process.env.DOUBLE_HOST || '127.0.0.1').catch((error: unknown) => {
    process.stderr.write(`[${name}] cannot start: ${(error as Error).message}\n`);
    process.exit(1);
  });
  process.stdout.write(`[${name}] serving the seeded vehicles at ${double.url}\n`);

  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    process.stdout.write(`[${name}] ${signal} received; stopping\n`);
    const timer = setTimeout(() => process.exit(1), 5000);
    timer.unref();
    void double.close().then(() => process.exit(0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
