import { parseEnv } from '../config/env.ts';
import { openConfiguredDatabase } from './setup.ts';
import { seedDemoContent } from './seed.ts';

const env = parseEnv(process.env, { secret: false });
const database = await openConfiguredDatabase(env);
const summary = await seedDemoContent(database.db);
await database.close();
console.log(`seeded ${database.kind} database`, summary);
