import { useEffect, useRef } from 'react';
import { api, apiUrl, type Schema } from '@/lib/api';

/**
 * The live event stream (GET /api/events, server-sent events) of this browser tab: one
 * EventSource for the whole office app, opened by <LiveEvents /> in the shell. Since an
 * EventSource sends no headers it authenticates with a single-use ticket
 * (POST /api/events/ticket); a ticket cannot be reused, so after an error the stream is
 * reopened here with a new ticket and the last event's id, and the server replays what
 * was missed.
 */
/** The live events by type, each with its payload: generated from the OpenAPI document's `LiveEvents`. */
export type LiveEventMap = Schema<'LiveEvents'>;
export type LiveEventType = keyof LiveEventMap;
type Listener = (data: unknown) => void;

/** Every event type the stream listens for: tsc fails if one is missing or not in the document. */
const TYPES = ['notification', 'chat.message', 'chat.topic', 'presence'] as const satisfies readonly LiveEventType[];
const everyType: [Exclude<LiveEventType, (typeof TYPES)[number]>] extends [never] ? true : never = true;
void everyType;
const listeners = new Map<LiveEventType, Set<Listener>>();
let source: EventSource | null = null;
let lastId = '';
let retry = 0;
let timer: ReturnType<typeof setTimeout> | undefined;
let users = 0;

function emit(type: LiveEventType, data: unknown) {
  listeners.get(type)?.forEach((l) => l(data));
}

async function open() {
  timer = undefined;
  try {
    const { ticket } = await api.post('/api/events/ticket', {});
    if (users === 0) return;
    const q = new URLSearchParams({ ticket });
    if (lastId) q.set('last_event_id', lastId);
    const es = new EventSource(apiUrl(`/events?${q}`));
    source = es;
    for (const type of TYPES) {
      es.addEventListener(type, (e) => {
        const m = e as MessageEvent<string>;
        if (m.lastEventId) lastId = m.lastEventId;
        retry = 0;
        try {
          emit(type, JSON.parse(m.data));
        } catch {
          // not JSON: ignore
        }
      });
    }
    es.onopen = () => {
      retry = 0;
    };
    es.onerror = () => {
      es.close();
      if (source === es) reopen();
    };
  } catch {
    reopen();
  }
}

function reopen() {
  source = null;
  if (users === 0 || timer) return;
  // 1, 2, 4 … 30 seconds.
  timer = setTimeout(() => void open(), Math.min(30_000, 1000 * 2 ** retry++));
}

/** Opens the stream while some component holds it (the shell does, once). */
function hold(): () => void {
  users++;
  if (users === 1 && typeof EventSource !== 'undefined') void open();
  return () => {
    users--;
    if (users > 0) return;
    clearTimeout(timer);
    timer = undefined;
    source?.close();
    source = null;
    lastId = '';
  };
}

/** Keeps the live stream open while mounted. */
export function LiveEvents(): null {
  useEffect(hold, []);
  return null;
}

/** Calls handler with each event of a type while mounted. */
export function useLiveEvent<K extends LiveEventType>(type: K, handler: (data: LiveEventMap[K]) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    const l: Listener = (d) => ref.current(d as LiveEventMap[K]);
    let set = listeners.get(type);
    if (!set) listeners.set(type, (set = new Set()));
    set.add(l);
    return () => void set.delete(l);
  }, [type]);
}
