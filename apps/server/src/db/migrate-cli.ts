import { parseEnv } from '../config/env.ts';
import { openConfiguredDatabase } from './setup.ts';

const env = parseEnv(process.env, { secret: false });
const database = await openConfiguredDatabase(env);
await database.close();
console.log(`migrated ${database.kind} database`);
