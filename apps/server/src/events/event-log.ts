import type { Db } from '../db/client.ts';
import type { Executor } from '../db/sql.ts';
import {
  advanceCursor,
  ensureCursor,
  eventsAfter,
  lockCursor,
  playerEventsAhead,
  recordConsumerFailure,
  type EventRow,
} from './event-log.repository.ts';

export { appendEvent } from './event-log.repository.ts';

/** `playerEventsAhead` as a consumer's events (docs/events.md#reading-ahead-of-a-consumer). */
export async function playerEventsAheadOf(
  tx: Executor,
  consumer: string,
  type: string,
  userId: number,
): Promise<LoggedEvent[]> {
  return (await playerEventsAhead(tx, consumer, type, userId)).map(loggedEvent);
}

function loggedEvent(row: EventRow): LoggedEvent {
  return {
    id: Number(row.id),
    tx: row.tx,
    type: row.type,
    userId: row.user_id,
    payload: row.payload,
    createdAt: new Date(row.created_at),
  };
}

/** One fact from the log, as a consumer sees it. */
export interface LoggedEvent<P = Record<string, unknown>> {
  id: number;
  /** The writing transaction's id (xid8, as text). */
  tx: string;
  type: string;
  userId: number | null;
  payload: P;
  createdAt: Date;
}

/**
 * Something that reacts to the log exactly once per event. `handle` runs inside the transaction that
 * also moves the consumer's cursor past the event, so its database effects and the cursor commit
 * together or not at all: a consumer killed mid-batch resumes where its last commit left it and
 * applies every event once. What it returns runs after that commit (realtime pushes): it may be lost
 * in a crash, and nothing durable may depend on it.
 */
export interface EventConsumer {
  /** Stable name: the cursor's key. Renaming a consumer replays the whole log to it. */
  name: string;
  /** Event types it handles; the cursor moves past the others without calling it. */
  types: readonly string[];
  /** Runs before each batch's transaction (lazy set-up that needs its own transactions). */
  prepare?: () => Promise<void>;
  handle(tx: Executor, event: LoggedEvent): Promise<void | (() => void)>;
}

export interface EventLog {
  register(consumer: EventConsumer): void;
  /** The names of the consumers registered here. */
  consumerNames(): string[];
  /**
   * Applies every event committed so far to every consumer (or the named one) and resolves with the
   * number of events handled. Tests call it instead of waiting; the poller calls it too.
   */
  drain(consumer?: string): Promise<number>;
  /**
   * Something was appended and committed: drain soon, and tell the other instances (on PostgreSQL,
   * by NOTIFY, at most once per `NOTIFY_COALESCE_MS`). Polling covers whatever no one announced.
   */
  wake(): void;
  /** Polls every `intervalMs` from now on, and listens for other instances' wake-ups (serving processes). */
  start(intervalMs?: number): void;
  /** Resolves once this instance listens for the others' wake-ups (at once when it cannot). */
  listening(): Promise<void>;
  stop(): Promise<void>;
}

const BATCH = 100;
const WAKE_COALESCE_MS = 10;
/** The NOTIFY channel instances wake each other on. */
export const EVENTS_CHANNEL = 'croupier_events';
/**
 * NOTIFY is sent by its own statement after the commit, never inside a money transaction: a commit
 * that notifies takes PostgreSQL's global notify lock, which would serialise every bet. Coalesced,
 * it costs one tiny statement per 20 ms at most, whatever the bet rate.
 */
const NOTIFY_COALESCE_MS = 20;

/** Cross-instance wake-ups: PostgreSQL's LISTEN/NOTIFY (absent on the embedded database, one process). */
export interface EventSignal {
  notify(channel: string): Promise<void>;
  /** Calls `onNotify` on every notification of `channel`; resolves with its removal. */
  listen(channel: string, onNotify: () => void): Promise<() => Promise<void>>;
}

export function createEventLog(deps: {
  db: Db;
  logError: (message: string, error: unknown) => void;
  signal?: EventSignal | null;
}): EventLog {
  const { db } = deps;
  const consumers = new Map<string, EventConsumer>();
  /** Per consumer: the drain in progress, and the one pass queued behind it. */
  const running = new Map<string, Promise<number>>();
  const followUp = new Map<string, Promise<number>>();
  /** After a failure a consumer goes one event at a time, so one bad event cannot hold back a batch. */
  const careful = new Set<string>();
  /** Consumers whose cursor row this process has made sure exists. */
  const ensured = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function batch(consumer: EventConsumer): Promise<number | 'busy'> {
    await consumer.prepare?.();
    const limit = careful.has(consumer.name) ? 1 : BATCH;
    const after: (() => void)[] = [];
    const handled = await db.transaction(async (tx) => {
      // Another instance draining this consumer holds the row: leave it the work.
      const cursor = await lockCursor(tx, consumer.name);
      if (!cursor) return 'busy' as const;
      const found = await eventsAfter(tx, cursor, limit, consumer.types);
      if (found.length === 0) return 0;
      for (const row of found) {
        if (!consumer.types.includes(row.type)) continue;
        const done = await consumer.handle(tx, loggedEvent(row));
        if (done) after.push(done);
      }
      const last = found.at(-1)!;
      await advanceCursor(tx, consumer.name, last);
      return found.length;
    });
    for (const fn of after) {
      try {
        fn();
      } catch (error) {
        deps.logError(`events: ${consumer.name} after-commit step failed`, error);
      }
    }
    return handled;
  }

  async function drainOne(consumer: EventConsumer): Promise<number> {
    if (!ensured.has(consumer.name)) {
      await ensureCursor(db, consumer.name);
      ensured.add(consumer.name);
    }
    let total = 0;
    for (;;) {
      let n: number | 'busy';
      try {
        n = await batch(consumer);
      } catch (error) {
        careful.add(consumer.name);
        deps.logError(`events: consumer ${consumer.name} failed; it retries from its last commit`, error);
        await recordConsumerFailure(db, consumer.name, String((error as Error)?.message ?? error).slice(0, 2000)).catch(
          (e: unknown) => deps.logError('events: recording a consumer failure failed', e),
        );
        return total;
      }
      if (n === 'busy' || n === 0) return total;
      const wasCareful = careful.delete(consumer.name);
      total += n;
      // A short batch reached the end of the log: no need for another transaction to find nothing.
      if (!wasCareful && n < BATCH) return total;
    }
  }

  /**
   * One drain per consumer at a time in this process. A call while one runs shares a single
   * follow-up pass, which picks up whatever was appended meanwhile.
   */
  function drainNamed(consumer: EventConsumer): Promise<number> {
    const current = running.get(consumer.name);
    if (!current) {
      const run = drainOne(consumer).finally(() => running.delete(consumer.name));
      running.set(consumer.name, run);
      return run;
    }
    let next = followUp.get(consumer.name);
    if (!next) {
      next = current.then(() => {
        followUp.delete(consumer.name);
        return stopped ? 0 : drainNamed(consumer);
      });
      followUp.set(consumer.name, next);
    }
    return next;
  }

  async function drain(name?: string) {
    const chosen = name === undefined ? [...consumers.values()] : [consumers.get(name)!];
    if (chosen.some((c) => c === undefined)) throw new Error(`no event consumer ${name}`);
    // Consumers are independent (a cursor and a transaction each): drained side by side, so one
    // busy consumer never holds back the others' reactions (the wins feed behind the bonus engine).
    const counts = await Promise.all(chosen.map((consumer) => drainNamed(consumer)));
    return counts.reduce((sum, n) => sum + n, 0);
  }

  let wakePending = false;
  let notifyPending = false;
  let unlisten: (() => Promise<void>) | undefined;
  let listeningNow: Promise<void> = Promise.resolve();
  const wakeHere = () => {
    if (stopped || !timer || wakePending) return;
    wakePending = true;
    // Wakes within a few milliseconds share one drain: under load a drain per commit would cost
    // more than the commits themselves.
    setTimeout(() => {
      wakePending = false;
      drain().catch((error: unknown) => deps.logError('events: drain failed', error));
    }, WAKE_COALESCE_MS).unref();
  };
  const notifyOthers = () => {
    const signal = deps.signal;
    if (!signal || stopped || !timer || notifyPending) return;
    notifyPending = true;
    setTimeout(() => {
      notifyPending = false;
      signal.notify(EVENTS_CHANNEL).catch((error: unknown) => deps.logError('events: notify failed', error));
    }, NOTIFY_COALESCE_MS).unref();
  };
  return {
    register(consumer) {
      if (consumers.has(consumer.name)) throw new Error(`event consumer ${consumer.name} registered twice`);
      consumers.set(consumer.name, consumer);
    },
    drain,
    consumerNames: () => [...consumers.keys()],
    wake() {
      wakeHere();
      notifyOthers();
    },
    start(intervalMs = 1_000) {
      clearInterval(timer);
      stopped = false;
      timer = setInterval(() => {
        drain().catch((error: unknown) => deps.logError('events: drain failed', error));
      }, intervalMs);
      timer.unref();
      if (deps.signal && !unlisten) {
        listeningNow = deps.signal
          .listen(EVENTS_CHANNEL, wakeHere)
          .then(async (remove) => {
            // Stopped while the listener was connecting.
            if (stopped) await remove();
            else unlisten = remove;
          })
          .catch((error: unknown) => deps.logError('events: listening for other instances failed', error));
      }
    },
    listening: () => listeningNow,
    async stop() {
      stopped = true;
      clearInterval(timer);
      timer = undefined;
      await listeningNow;
      const remove = unlisten;
      unlisten = undefined;
      await Promise.allSettled([...running.values(), ...followUp.values(), remove?.()]);
    },
  };
}
