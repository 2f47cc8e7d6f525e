/**
 * Derives the exact RTP and hit rate of every video-poker paytable with optimal holds (all
 * C(52,5) deals × 32 holds) and prints them; the results are stored in PAYTABLES
 * (src/models/video-poker.ts). Usage: node --import tsx packages/games/scripts/video-poker-exact.ts [id…]
 */
import { HoldTables, PAYTABLES, type Paytable } from '../src/models/video-poker.ts';

const ids = (process.argv.slice(2).length ? process.argv.slice(2) : Object.keys(PAYTABLES)) as Paytable['id'][];
for (const id of ids) {
  const started = performance.now();
  const tables = new HoldTables(PAYTABLES[id]);
  const built = performance.now();
  const { rtp, hitRate } = tables.exactFigures();
  const done = performance.now();
  console.log(
    `${id}: rtp ${rtp} hitRate ${hitRate} (tables ${((built - started) / 1000).toFixed(1)} s, deals ${((done - built) / 1000).toFixed(1)} s)`,
  );
}
