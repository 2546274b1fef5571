/** What the service worker shows (public/sw.js reads it): a notification and where its click and action lead. */
export interface PushMessage {
  title: string;
  body: string;
  /** Same-origin path opened by a click on the notification. */
  url: string;
  /** A later message with the same tag replaces the notification (an alarm's "cleared" its "fired"). */
  tag: string;
  /** Same-origin path of the acknowledge call (POST `{}` as JSON with the user's session cookie), offered as the "Acknowledge" action. */
  acknowledge_url?: string;
  /** How long (s) a push service keeps the message for a device that is offline. */
  ttl: number;
  urgency: 'low' | 'normal' | 'high';
}
