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

export interface WrkResult {
  reqPerSec: number;
  /** Latency percentiles in milliseconds. */
  p50: number;
  p99: number;
}

/** wrk's "1.23ms", "456.00us" or "1.01s" in milliseconds. */
function millis(text: string): number {
  const match = /^([\d.]+)(us|ms|s)$/.exec(text);
  if (!match) throw new Error(`Not a wrk latency: ${text}`);
  const value = Number(match[1]);
  return match[2] === 'us' ? value / 1000 : match[2] === 's' ? value * 1000 : value;
}

/**
 * Requests per second and latency wrk measured against one URL, failing on any error or
 * non-2xx answer.
 */
export async function wrkLoad(
  url: string,
  duration: number,
  connections: number,
  headers: Record<string, string>,
): Promise<WrkResult> {
  const args = ['-t1', `-c${connections}`, `-d${duration}s`, '--latency'];
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
  const percentile = (p: number) => {
    const found = new RegExp(`^\\s+${p}%\\s+(\\S+)$`, 'm').exec(output)?.[1];
    if (!found) throw new Error(`wrk printed no ${p}% latency for ${url}: ${output}`);
    return Math.round(millis(found) * 100) / 100;
  };
  return { reqPerSec: rate, p50: percentile(50), p99: percentile(99) };
}
