import { useEffect, useRef, useSyncExternalStore } from 'react';
import { api, apiUrl, type Schema } from '@/lib/api';

/**
 * The live event stream (GET /api/events, server-sent events) of this browser tab: one
 * EventSource for the whole office app, opened by <LiveEvents /> in the shell. Since an
 * EventSource sends no headers it authenticates with a single-use ticket
 * (POST /api/events/ticket); a ticket cannot be reused, so after an error the stream is
 * reopened here with a new ticket and the last event's id, and the server replays what
 * was missed.
 *
 * A stream that cannot open — the server refuses it (429 events.too_many_streams: too many
 * tabs or streams) or cannot be reached — is tried again after 1, 2, 4 … seconds, at most a
 * minute apart (each ±20%, so that many tabs do not come back at once), and meanwhile the
 * status is 'offline' (useLiveStatus; the header shows it). An EventSource cannot read the
 * status or Retry-After of a refusal, so every failure backs off alike; the backoff starts
 * over only once a stream has stayed open a while or delivered an event.
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
let stable: ReturnType<typeof setTimeout> | undefined;
let users = 0;

/** 'connecting' until the first stream opens; 'offline' while a failed stream waits to be tried again. */
export type LiveStatus = 'connecting' | 'open' | 'offline';
let status: LiveStatus = 'connecting';
const statusListeners = new Set<() => void>();

function setStatus(next: LiveStatus) {
  if (next === status) return;
  status = next;
  statusListeners.forEach((l) => l());
}

/** The first wait after a failure, the longest, and how long a stream must stay open to reset the backoff. */
export const RETRY_FIRST_MS = 1000;
export const RETRY_MAX_MS = 60_000;
const STABLE_MS = 30_000;

/** The wait before attempt n+1 after n failures in a row: doubling from a second, at most a minute, ±20%. */
export function retryDelay(failures: number): number {
  const base = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** Math.min(failures, 16));
  return Math.round(base * (0.8 + 0.4 * Math.random()));
}

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
        setStatus('open');
        try {
          emit(type, JSON.parse(m.data));
        } catch {
          // not JSON: ignore
        }
      });
    }
    let opened = false;
    es.onopen = () => {
      opened = true;
      setStatus('open');
      clearTimeout(stable);
      stable = setTimeout(() => {
        if (source === es) retry = 0;
      }, STABLE_MS);
    };
    es.onerror = () => {
      es.close();
      if (source === es) reopen(opened);
    };
  } catch {
    reopen(false);
  }
}

/**
 * Tries again after the backoff. A stream that was open and dropped is 'connecting' (a
 * restart, a lagging stream the server ended); one that never opened is 'offline'.
 */
function reopen(wasOpen: boolean) {
  source = null;
  clearTimeout(stable);
  if (users === 0 || timer) return;
  setStatus(wasOpen ? 'connecting' : 'offline');
  timer = setTimeout(() => void open(), retryDelay(retry++));
}

function subscribeStatus(l: () => void) {
  statusListeners.add(l);
  return () => void statusListeners.delete(l);
}

/** The live stream's status, for the header's offline badge. */
export function useLiveStatus(): LiveStatus {
  return useSyncExternalStore(subscribeStatus, () => status);
}

/** Opens the stream while some component holds it (the shell does, once). */
function hold(): () => void {
  users++;
  if (users === 1 && typeof EventSource !== 'undefined') void open();
  return () => {
    users--;
    if (users > 0) return;
    clearTimeout(timer);
    clearTimeout(stable);
    timer = undefined;
    source?.close();
    source = null;
    lastId = '';
    retry = 0;
    setStatus('connecting');
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
