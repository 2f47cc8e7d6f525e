import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Started {
  url: string;
  child: ChildProcess;
  startupMs: number;
}

/** Starts the production server (`src/main.ts`, built web app) on a free loopback port. */
export async function startServer(env: Record<string, string>): Promise<Started> {
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (c: Buffer) => {
      out += c.toString();
      const m = /Croupier is running at (http:\/\/\S+)/.exec(out);
      if (m) resolve(m[1]!);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (c: Buffer) => (out += c.toString()));
    child.on('exit', (code) => reject(new Error(`server exited ${code}\n${out}`)));
  });
  child.removeAllListeners('exit');
  return { url, child, startupMs: performance.now() - t0 };
}

export async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise<void>((r) => {
    child.once('exit', () => r());
    setTimeout(r, 5000);
  });
}
