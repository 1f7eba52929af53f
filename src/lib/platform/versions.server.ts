/**
 * The content version and the versions of the users this process has seen, held in memory
 * (decision 045) instead of read on every page request (decisions 007 and 015).
 *
 * The database announces every raise (migration 0030: NOTIFY at commit, `content_version` with
 * the new version, `user_version` with `user_id:version`), and the server's watch keeps the
 * newest of each. On the embedded database one process owns it and the notification arrives as
 * the committing statement returns, so the next request sees the change. On PostgreSQL every
 * process listening hears it within the notification's delivery; after a lost listening
 * connection, and whenever the backstop read finds the content version ahead of the one held,
 * everything held is dropped and read again. Without a watch (tests, `astro dev`) nothing is held
 * and callers read the database as before.
 *
 * Versions only rise, so a read that races a notification keeps the higher of the two.
 */
import type { Database } from './db/client.server.ts';
import { readContentVersion } from './content-cache.server.ts';

export const CONTENT_CHANNEL = 'content_version';
export const USER_CHANNEL = 'user_version';

/** The users whose versions are held; the least recently seen are dropped beyond it. */
const MAX_USERS = 100_000;
/** On PostgreSQL, how often the content version is read anyway, in case notifications stop. */
export const BACKSTOP_MS = 1_000;

interface Watch {
  /** Null until read once, and again after something may have been missed. */
  content: number | null;
  users: Map<number, number>;
  stop(): Promise<void>;
}

// The server script and the built pages load their own copies of this module: one watch per
// process, on globalThis like the database handle (decision 001).
const KEY = Symbol.for('shop.versions');
type Holder = { [KEY]?: Watch | undefined };
const holder = globalThis as Holder;

/** The content version held in memory, or null when it must be read. */
export function knownContentVersion(): number | null {
  return holder[KEY]?.content ?? null;
}

/** A user's version held in memory, or null when it must be read. */
export function knownUserVersion(userId: number): number | null {
  const watch = holder[KEY];
  if (!watch || watch.content === null) return null;
  const version = watch.users.get(userId);
  if (version === undefined) return null;
  // Most recently used last: Map keeps insertion order, the oldest are dropped first.
  watch.users.delete(userId);
  watch.users.set(userId, version);
  return version;
}

function raiseUser(watch: Watch, userId: number, version: number): void {
  const held = watch.users.get(userId);
  watch.users.delete(userId);
  watch.users.set(userId, Math.max(held ?? 0, version));
  if (watch.users.size > MAX_USERS) {
    watch.users.delete(watch.users.keys().next().value!);
  }
}

/** A version read from the database: held from now on, unless a newer one was announced. */
export function noteVersions(content: number, user?: { id: number; version: number }): void {
  const watch = holder[KEY];
  if (!watch || watch.content === null) return;
  watch.content = Math.max(watch.content, content);
  if (user) raiseUser(watch, user.id, user.version);
}

/** Whether this process holds the versions in memory. */
export function watchingVersions(): boolean {
  return holder[KEY] !== undefined;
}

/**
 * Starts holding the versions of `database` in this process; resolves once listening and the
 * content version is read. Answers the function that stops it.
 */
export async function watchVersions(database: Database): Promise<() => Promise<void>> {
  await holder[KEY]?.stop();
  const stops: (() => Promise<void>)[] = [];
  let timer: NodeJS.Timeout | undefined;
  const watch: Watch = {
    content: null,
    users: new Map(),
    async stop() {
      clearInterval(timer);
      if (holder[KEY] === watch) delete holder[KEY];
      await Promise.allSettled(stops.map((stop) => stop()));
    },
  };

  // Reads the content version afresh, dropping whatever may have been missed.
  let reading: Promise<void> | null = null;
  const resync = () =>
    (reading ??= (async () => {
      watch.content = null;
      watch.users.clear();
      try {
        const version = await readContentVersion(database.db);
        watch.content = Math.max(watch.content ?? 0, version);
      } catch {
        // The database is away: nothing is held, requests read it (and answer maintenance).
      } finally {
        reading = null;
      }
    })());

  let contentListening = false;
  let userListening = false;
  stops.push(
    await database.listen(
      CONTENT_CHANNEL,
      (payload) => {
        const version = Number(payload);
        if (watch.content !== null && Number.isSafeInteger(version)) {
          watch.content = Math.max(watch.content, version);
        }
      },
      () => {
        // A second call follows a lost connection: what came meanwhile was missed.
        if (contentListening) void resync();
        contentListening = true;
      },
    ),
  );
  stops.push(
    await database.listen(
      USER_CHANNEL,
      (payload) => {
        const [id, version] = payload.split(':').map(Number) as [number, number];
        if (watch.content !== null && Number.isSafeInteger(id) && Number.isSafeInteger(version)) {
          raiseUser(watch, id, version);
        }
      },
      () => {
        if (userListening) void resync();
        userListening = true;
      },
    ),
  );
  holder[KEY] = watch;
  await resync();

  if (database.engine === 'postgres') {
    // A listening connection that died silently would hold old versions for ever: the content
    // version is read once a second, and a version ahead of the one held drops everything.
    timer = setInterval(() => {
      if (reading || watch.content === null) {
        if (!reading) void resync();
        return;
      }
      const held = watch.content;
      readContentVersion(database.db).then(
        (version) => {
          if (version > held && watch.content === held) void resync();
        },
        () => {
          watch.content = null;
          watch.users.clear();
        },
      );
    }, BACKSTOP_MS);
    timer.unref();
  }
  return () => watch.stop();
}
