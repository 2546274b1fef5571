import { readFileSync } from 'node:fs';
import { describe, expect, test, vi } from 'vitest';

type Handler = (event: Record<string, unknown>) => void;

/** public/sw.js run as a browser runs it, against a stand-in `self` that records what it does. */
function serviceWorker(fetchReply: () => Promise<Response>, { language = 'de', windows = [] as { url: string }[] } = {}) {
  const handlers = new Map<string, Handler>();
  const shown: { title: string; options: Record<string, unknown> }[] = [];
  const fetched = vi.fn((_path: string, _init: RequestInit) => fetchReply());
  const opened = vi.fn(async (_url: string) => null);
  const focused = vi.fn(async () => null);
  const self = {
    navigator: { language },
    location: { origin: 'https://hladina.example' },
    addEventListener: (type: string, handler: Handler) => handlers.set(type, handler),
    skipWaiting: vi.fn(),
    registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
    clients: {
      claim: vi.fn(),
      matchAll: async () => windows.map((w) => ({ ...w, focus: focused })),
      openWindow: opened,
    },
  };
  new Function('self', 'fetch', readFileSync('public/sw.js', 'utf8'))(self, fetched);
  /** Dispatches an event and waits for the work it handed to `waitUntil`. */
  const dispatch = async (type: string, event: Record<string, unknown>) => {
    const work: Promise<unknown>[] = [];
    handlers.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => work.push(p) });
    await Promise.all(work);
  };
  return { dispatch, shown, fetched, opened, focused };
}

const alarmMessage = {
  title: 'CRITICAL alarm: Brno',
  body: 'Flood level: Groundwater level (H1) above 3 m',
  url: '/alarms?station=3',
  tag: 'alarm-7',
  acknowledge_url: '/rest/alarms/acknowledge?id=7',
};

const pushed = (message: object) => ({ data: { json: () => message } });
const clicked = (data: object, action = '') => ({ action, notification: { data, close: vi.fn() } });

describe('the service worker', () => {
  test('shows a pushed alarm with an "Acknowledge" action in the browser’s language', async () => {
    const sw = serviceWorker(async () => new Response());
    await sw.dispatch('push', pushed(alarmMessage));
    expect(sw.shown).toEqual([
      {
        title: 'CRITICAL alarm: Brno',
        options: expect.objectContaining({
          body: alarmMessage.body,
          tag: 'alarm-7',
          data: { url: '/alarms?station=3', acknowledgeUrl: '/rest/alarms/acknowledge?id=7' },
          actions: [{ action: 'acknowledge', title: 'Bestätigen' }],
          requireInteraction: true,
        }),
      },
    ]);
    await sw.dispatch('push', pushed({ title: 'Cleared: Brno', body: '…', url: '/alarms?view=history&station=3', tag: 'alarm-7' }));
    expect(sw.shown[1].options).toMatchObject({ actions: [], requireInteraction: false });
  });

  test('acknowledges through the API from the action, without opening a window', async () => {
    const sw = serviceWorker(async () => new Response('{"success":true}'));
    await sw.dispatch('push', pushed(alarmMessage));
    await sw.dispatch('notificationclick', clicked(sw.shown[0].options.data as object, 'acknowledge'));
    expect(sw.fetched).toHaveBeenCalledTimes(1);
    const [path, init] = sw.fetched.mock.calls[0];
    expect(path).toBe('/rest/alarms/acknowledge?id=7');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', body: '{}' });
    expect(init.headers).toEqual({ 'Content-Type': 'application/json' });
    expect(sw.opened).not.toHaveBeenCalled();
  });

  test('opens the alarm when the acknowledgement is refused or cannot be sent', async () => {
    for (const reply of [async () => new Response('{}', { status: 409 }), () => Promise.reject(new TypeError('offline'))]) {
      const sw = serviceWorker(reply);
      await sw.dispatch(
        'notificationclick',
        clicked({ url: '/alarms?station=3', acknowledgeUrl: '/rest/alarms/acknowledge?id=7' }, 'acknowledge'),
      );
      expect(sw.opened).toHaveBeenCalledWith('https://hladina.example/alarms?station=3');
    }
  });

  test('a click opens the alarm, or focuses a window already showing it', async () => {
    const sw = serviceWorker(async () => new Response());
    await sw.dispatch('notificationclick', clicked({ url: '/alarms?station=3', acknowledgeUrl: '/rest/alarms/acknowledge?id=7' }));
    expect(sw.fetched).not.toHaveBeenCalled();
    expect(sw.opened).toHaveBeenCalledWith('https://hladina.example/alarms?station=3');
    const open = serviceWorker(async () => new Response(), { windows: [{ url: 'https://hladina.example/alarms?station=3' }] });
    await open.dispatch('notificationclick', clicked({ url: '/alarms?station=3' }));
    expect(open.focused).toHaveBeenCalled();
    expect(open.opened).not.toHaveBeenCalled();
  });
});
