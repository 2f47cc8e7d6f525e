import { parseEnv } from '../config/env.ts';
import { openConfiguredDatabase } from './setup.ts';

const env = parseEnv();
const database = await openConfiguredDatabase(env);
await database.close();
console.log(`migrated ${database.kind} database`);
