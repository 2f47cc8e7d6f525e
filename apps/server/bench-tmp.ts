import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
const child = spawn(process.execPath, ['--import', 'tsx', 'serve-tmp.ts'], { stdio: ['ignore', 'pipe', 'inherit'] });
const url = await new Promise<string>((r) => { let out = ''; child.stdout!.on('data', (c) => { out += c; const m = /URL (\S+)/.exec(out); if (m) r(m[1]!); }); });
const cpu = () => { const f = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]!.split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const body = JSON.stringify({ device: 'desktop', filter: { categories: { identifiers: ['pokies'], strategy: 'OR' } }, page: 1, page_size: 40 });
const headers = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
await autocannon({ url: `${url}/health`, connections: 4, duration: 2 });
await autocannon({ url: `${url}/api/games_filter`, method: 'POST', headers, body, connections: 4, duration: 2 });
const run = async (name: string, o: any) => { const c0 = cpu(); const r = await autocannon({ connections: 20, duration: 8, ...o }); const ms = cpu() - c0; console.log(name, Math.round(r.requests.average), 'rps; server cpu us/req', (ms * 1000 / r.requests.total).toFixed(1)); return r.requests.average; };
for (let i = 0; i < Number(process.argv[2] ?? 2); i++) {
const h = await run('health', { url: `${url}/health` });
const f = await run('games_filter', { url: `${url}/api/games_filter`, method: 'POST', headers, body });
console.log('rps ratio', (f / h * 100).toFixed(1), '%  load', (await import('node:os')).loadavg()[0]);
}
child.kill('SIGINT'); await new Promise(r => child.on('exit', r));
