/**
 * A process's live rooms: one bus subscription for all of them, the streams open here by room,
 * and the numbers every viewer sees (online, likes, views).
 *
 * Online counts span processes: each process counts its own open streams per room and publishes
 * them on the bus (on a change, at most once a VIEWERS_PUBLISH_MS, and every VIEWERS_HEARTBEAT_MS);
 * each sums the latest count of every process heard of lately (ViewerTally). Likes and views are
 * published by whoever changed them. Viewers get `stats` at most once a STATS_EVERY_MS, when
 * something changed.
 */
import { randomUUID } from 'node:crypto';
import type { Database } from '#lib/platform/db/client.server.ts';
import type { Send } from '#lib/platform/sse.server.ts';
import { LiveStatus } from './status.ts';
import { STATS_EVERY_MS, VIEWERS_HEARTBEAT_MS, VIEWERS_PUBLISH_MS, ViewerTally } from './room.ts';
import { messagesAfter, type LiveBusMessage, type LiveMessage } from './room.server.ts';

export interface RoomStats {
  online: number;
  likes: number;
  views: number;
}

/** One open stream: what the hub hands it. */
export interface RoomViewer {
  message(message: LiveMessage): void;
  stats(stats: RoomStats): void;
  /** The bus was lost for a while: read what was stored meanwhile. */
  resync(): void;
  /** The host ended the live (结束直播): the page goes to the room's end or replay page. */
  ended?(): void;
}

interface RoomState {
  viewers: Set<RoomViewer>;
  likes: number;
  views: number;
  lastStats: string;
}

type BusMessage =
  | LiveBusMessage
  | { room: number; kind: 'likes'; likes: number }
  | { room: number; kind: 'views'; views: number }
  | { room: number; kind: 'ended' }
  | { kind: 'viewers'; process: string; rooms: Record<string, number> };

export class RoomHub {
  readonly processId = randomUUID();
  readonly #database: Database;
  readonly #rooms = new Map<number, RoomState>();
  readonly #tally = new ViewerTally();
  #subscribed: Promise<() => void> | null = null;
  #statsTimer: ReturnType<typeof setInterval> | undefined;
  #heartbeat: ReturnType<typeof setInterval> | undefined;
  #publishTimer: ReturnType<typeof setTimeout> | undefined;
  #lastPublish = 0;
  #publishedSomething = false;

  constructor(database: Database) {
    this.#database = database;
  }

  /** Listens on the bus once per process; resolves when listening. */
  async #subscribe(): Promise<void> {
    this.#subscribed ??= this.#database.bus
      .subscribe(
        'live',
        (message) => this.#receive(message as BusMessage),
        () => {
          for (const room of this.#rooms.values())
            for (const viewer of room.viewers) viewer.resync();
        },
      )
      .catch((error: unknown) => {
        this.#subscribed = null;
        throw error;
      });
    await this.#subscribed;
  }

  #receive(message: BusMessage): void {
    if (!message || typeof message !== 'object') return;
    if (message.kind === 'viewers') {
      this.#tally.record(message.process, message.rooms, Date.now());
      return;
    }
    const room = this.#rooms.get(message.room);
    if (!room) return;
    if (message.kind === 'likes') room.likes = Math.max(room.likes, message.likes);
    else if (message.kind === 'views') room.views = Math.max(room.views, message.views);
    else if (message.kind === 'ended') for (const viewer of room.viewers) viewer.ended?.();
    else {
      const { room: _room, ...stored } = message;
      for (const viewer of room.viewers) viewer.message(stored);
    }
  }

  /** Online viewers of the room over every process. */
  online(roomId: number): number {
    return this.#tally.online(roomId, Date.now());
  }

  /** Likes and views read from the store (they only grow). */
  note(roomId: number, counts: { likes: number; views: number }): void {
    const room = this.#rooms.get(roomId);
    if (!room) return;
    room.likes = Math.max(room.likes, counts.likes);
    room.views = Math.max(room.views, counts.views);
  }

  stats(roomId: number): RoomStats {
    const room = this.#rooms.get(roomId);
    return { online: this.online(roomId), likes: room?.likes ?? 0, views: room?.views ?? 0 };
  }

  /**
   * A stream joins its room: from when this resolves it hears every message published. Answers
   * the function that leaves.
   */
  async join(
    roomId: number,
    viewer: RoomViewer,
    counts: { likes: number; views: number },
  ): Promise<() => void> {
    await this.#subscribe();
    let room = this.#rooms.get(roomId);
    if (!room) {
      room = { viewers: new Set(), likes: 0, views: 0, lastStats: '' };
      this.#rooms.set(roomId, room);
    }
    room.likes = Math.max(room.likes, counts.likes);
    room.views = Math.max(room.views, counts.views);
    room.viewers.add(viewer);
    this.#countsChanged();
    this.#statsTimer ??= setInterval(() => this.#sendStats(), STATS_EVERY_MS);
    this.#statsTimer.unref?.();
    let left = false;
    return () => {
      if (left) return;
      left = true;
      room.viewers.delete(viewer);
      if (room.viewers.size === 0) this.#rooms.delete(roomId);
      this.#countsChanged();
    };
  }

  /** This process's open streams per room. */
  #counts(): Record<string, number> {
    return Object.fromEntries([...this.#rooms].map(([id, room]) => [id, room.viewers.size]));
  }

  #countsChanged(): void {
    const counts = this.#counts();
    // Our own count counts at once; the others' arrive over the bus.
    this.#tally.record(this.processId, counts, Date.now());
    if (this.#publishTimer) return;
    const wait = Math.max(0, this.#lastPublish + VIEWERS_PUBLISH_MS - Date.now());
    this.#publishTimer = setTimeout(() => {
      this.#publishTimer = undefined;
      this.#publishCounts();
    }, wait);
    this.#publishTimer.unref?.();
  }

  #publishCounts(): void {
    const rooms = this.#counts();
    const any = Object.keys(rooms).length > 0;
    this.#lastPublish = Date.now();
    this.#tally.record(this.processId, rooms, this.#lastPublish);
    if (!any && !this.#publishedSomething) return;
    this.#publishedSomething = any;
    this.#database.bus
      .publish('live', { kind: 'viewers', process: this.processId, rooms })
      .catch(() => {});
    if (any && !this.#heartbeat) {
      this.#heartbeat = setInterval(() => this.#publishCounts(), VIEWERS_HEARTBEAT_MS);
      this.#heartbeat.unref?.();
    } else if (!any && this.#heartbeat) {
      clearInterval(this.#heartbeat);
      this.#heartbeat = undefined;
    }
  }

  #sendStats(): void {
    if (this.#rooms.size === 0) {
      clearInterval(this.#statsTimer);
      this.#statsTimer = undefined;
      return;
    }
    for (const [id, room] of this.#rooms) {
      const stats = this.stats(id);
      const key = `${stats.online}/${stats.likes}/${stats.views}`;
      if (key === room.lastStats) continue;
      room.lastStats = key;
      for (const viewer of room.viewers) viewer.stats(stats);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.#statsTimer);
    clearInterval(this.#heartbeat);
    clearTimeout(this.#publishTimer);
    this.#rooms.clear();
    const subscribed = this.#subscribed;
    this.#subscribed = null;
    if (subscribed) (await subscribed.catch(() => () => {}))();
  }
}

const hubs = new WeakMap<Database, RoomHub>();

/** The process's hub of this database. */
export function roomHub(database: Database): RoomHub {
  let hub = hubs.get(database);
  if (!hub) {
    hub = new RoomHub(database);
    hubs.set(database, hub);
  }
  return hub;
}

/** Ids a stream remembers having sent, so a message heard twice goes out once. */
const REMEMBERED_IDS = 1_000;

/**
 * A room's stream for one reader: joins the room first, counts the view, says hello, replays what
 * was stored after `after` (the reader's last id; null: nothing to replay), then passes live
 * messages, each id once, and `ended` when the host ends the live (or it had ended). Answers the function that leaves.
 */
export async function openRoomStream(
  database: Database,
  input: {
    roomId: number;
    after: number | null;
    send: Send;
    countView: () => Promise<{ likes: number; views: number; liveStatus?: number }>;
  },
): Promise<() => void> {
  const hub = roomHub(database);
  const { send } = input;
  const sent = new Set<number>();
  let lastSent = input.after ?? 0;
  let replaying = true;
  const waiting: LiveMessage[] = [];

  const emit = (message: LiveMessage) => {
    if (sent.has(message.id) || (input.after !== null && message.id <= input.after)) return;
    sent.add(message.id);
    if (sent.size > REMEMBERED_IDS) sent.delete(sent.values().next().value!);
    lastSent = Math.max(lastSent, message.id);
    send({ id: message.id, event: 'message', data: message });
  };
  const replay = async (after: number) => {
    for (;;) {
      const page = await messagesAfter(database.db, input.roomId, after);
      for (const message of page) emit(message);
      if (page.length < 200) return;
      after = page.at(-1)!.id;
    }
  };

  const viewer: RoomViewer = {
    message(message) {
      if (replaying) waiting.push(message);
      else emit(message);
    },
    stats(stats) {
      send({ event: 'stats', data: stats });
    },
    resync() {
      void replay(lastSent).catch(() => {});
    },
    ended() {
      send({ event: 'ended', data: {} });
    },
  };
  const leave = await hub.join(input.roomId, viewer, { likes: 0, views: 0 });
  try {
    const { liveStatus, ...counts } = await input.countView();
    hub.note(input.roomId, counts);
    send({ event: 'hello', data: { ...hub.stats(input.roomId), ...counts } });
    if (input.after !== null) await replay(input.after);
    replaying = false;
    for (const message of waiting.splice(0)) emit(message);
    // Read after joining: a room that ended before is told here, one ending later over the bus.
    if (liveStatus === LiveStatus.Ended) viewer.ended!();
  } catch (error) {
    leave();
    throw error;
  }
  return leave;
}
