import { decodeBase64urlIgnorePadding } from '@oslojs/encoding';
import type { PushSubscribe } from '../../../worker/contracts/push';
import { deviceLabel } from './device-label';

/** Where the profile remembers which listed device is this browser (the list shows no endpoints). */
const deviceKey = 'hladina.push-device';

export const thisDeviceId = () => Number(localStorage.getItem(deviceKey)) || null;
export const rememberDevice = (id: number | null) =>
  id === null ? localStorage.removeItem(deviceKey) : localStorage.setItem(deviceKey, String(id));

/** Whether this browser can receive Web Push at all (an iPhone only from the app added to its home screen). */
export const pushSupported = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

export class PermissionDenied extends Error {}

/** This browser's subscription, if push is on here. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * Asks for permission, registers the service worker (public/sw.js, only now) and subscribes with the server's VAPID
 * key; returns what the API's subscribe call takes.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscribe> {
  if ((await Notification.requestPermission()) !== 'granted') throw new PermissionDenied();
  await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  const registration = await navigator.serviceWorker.ready;
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: new Uint8Array(decodeBase64urlIgnorePadding(publicKey)),
  });
  const { endpoint = '', keys = {} } = subscription.toJSON();
  return { endpoint, p256dh: keys.p256dh ?? '', auth: keys.auth ?? '', label: deviceLabel(navigator.userAgent) };
}
