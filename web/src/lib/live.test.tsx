import { act, screen } from '@testing-library/react';
import { LiveStatusBadge } from '@/components/live-status';
import { renderWithProviders, setupI18n } from '@/test/render';
import { LiveEvents, RETRY_MAX_MS, retryDelay } from './live';

vi.mock('@/lib/api', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/api')>();
  return { ...real, api: { ...real.api, post: vi.fn(async () => ({ ticket: 't', expires_at: '' })) } };
});

/**
 * A stand-in EventSource: each one the app opens is refused (as a 429 is: an error before
 * it opens) unless `accept` is set, in which case it opens.
 */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  static accept = false;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
    setTimeout(() => (FakeEventSource.accept ? this.onopen?.() : this.onerror?.()), 0);
  }
  addEventListener() {}
  close() {
    this.closed = true;
  }
}

describe('live event stream', () => {
  beforeAll(() => setupI18n('gb'));
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(Math, 'random').mockReturnValue(0.5); // no jitter: waits of exactly 1, 2, 4 … s
    vi.stubGlobal('EventSource', FakeEventSource);
    FakeEventSource.made = [];
    FakeEventSource.accept = false;
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('backs off (1, 2, 4 … s, at most a minute) while streams are refused, says it is offline, and recovers', async () => {
    const view = renderWithProviders(
      <>
        <LiveEvents />
        <LiveStatusBadge />
      </>,
    );
    const attempts = () => FakeEventSource.made.length;
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(attempts()).toBe(1);
    expect(FakeEventSource.made[0].url).toContain('/events?ticket=t');
    expect(FakeEventSource.made[0].closed).toBe(true);
    expect(screen.getByTestId('live-offline')).toHaveTextContent('Offline');
    expect(screen.getByRole('status')).toHaveAccessibleName(/Live updates are offline/);

    // No tight loop: the next try waits a second, the one after two more, then four.
    await act(() => vi.advanceTimersByTimeAsync(990));
    expect(attempts()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(attempts()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(1980));
    expect(attempts()).toBe(2);
    await act(() => vi.advanceTimersByTimeAsync(20));
    expect(attempts()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(4000));
    expect(attempts()).toBe(4);

    // Ten minutes more of refusals: after 8, 16 and 32 s, then a minute apart — 12 tries, not thousands.
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(attempts()).toBe(16);
    expect(screen.getByTestId('live-offline')).toBeInTheDocument();

    // The server takes the stream again: online, the badge goes.
    FakeEventSource.accept = true;
    await act(() => vi.advanceTimersByTimeAsync(RETRY_MAX_MS + 10));
    expect(screen.queryByTestId('live-offline')).not.toBeInTheDocument();
    const before = attempts();
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000));
    expect(attempts()).toBe(before);
    view.unmount();
  });

  it('waits doubling from a second, at most a minute, within ±20%', () => {
    vi.mocked(Math.random).mockReturnValue(0);
    expect([0, 1, 2, 5, 6, 30].map(retryDelay)).toEqual([800, 1600, 3200, 25_600, 48_000, 48_000]);
    vi.mocked(Math.random).mockReturnValue(0.9999999);
    expect(retryDelay(40)).toBe(72_000);
  });
});
