/**
 * Load from wrk (C, epoll) when it is installed. Two server processes on a 2-core machine leave
 * the load generator no core of its own; autocannon runs on Node's one thread and takes a large
 * share of the CPU the second process needs, so the two-process row is measured with wrk, which
 * costs a fraction of that per request (`apt-get install wrk`).
 */
import { spawn, spawnSync } from 'node:child_process';

export function wrkInstalled(): boolean {
  return spawnSync('wrk', ['--version']).error === undefined;
}

/** Requests per second wrk reached against one URL, failing on any error or non-2xx answer. */
export async function wrkLoad(
  url: string,
  duration: number,
  connections: number,
  headers: Record<string, string>,
): Promise<number> {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  args.push(url);
  const output = await new Promise<string>((resolve, reject) => {
    const child = spawn('wrk', args);
    let text = '';
    child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(text) : reject(new Error(`wrk exited ${code}: ${text}`)),
    );
  });
  const failures = [/Non-2xx or 3xx responses: (\d+)/, /Socket errors: (.*)/]
    .map((pattern) => output.match(pattern)?.[0])
    .filter(Boolean);
  if (failures.length > 0) throw new Error(`${url}: ${failures.join('; ')}`);
  const rate = Number(output.match(/Requests\/sec:\s+([\d.]+)/)?.[1]);
  if (!Number.isFinite(rate)) throw new Error(`wrk printed no rate for ${url}: ${output}`);
  return rate;
}
