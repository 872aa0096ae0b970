/**
 * Issue 15: a transcription that completes while the tab is in the background says so in the page
 * title (until the tab is looked at again) and, if the user allowed them, with a browser notification.
 * Permission is asked only when the user presses "Notify me" (never at first visit), and only once:
 * after an answer the browser remembers it, and the button is gone.
 */
import { PROGRESS_TEXTS } from './texts';

const P = PROGRESS_TEXTS;

const notifications = (): typeof Notification | undefined => (typeof Notification === 'undefined' ? undefined : Notification);

/** 'default': not asked yet; 'unsupported': this browser has no notifications. */
export const notificationPermission = (): NotificationPermission | 'unsupported' => notifications()?.permission ?? 'unsupported';

export async function askForNotifications(): Promise<NotificationPermission | 'unsupported'> {
  const api = notifications();
  if (!api || api.permission !== 'default') return notificationPermission();
  return api.requestPermission();
}

/** The title before the first notice while the tab is in the background (several jobs may complete meanwhile). */
let titleBefore: string | undefined;

/** Tells that `name` is ready, if nobody is looking at the tab: the title says it until the tab is seen again. */
export function announceReady(name: string): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  if (titleBefore === undefined) {
    titleBefore = document.title;
    const back = () => {
      if (document.hidden || titleBefore === undefined) return;
      document.title = titleBefore;
      titleBefore = undefined;
      document.removeEventListener('visibilitychange', back);
    };
    document.addEventListener('visibilitychange', back);
  }
  document.title = `${P.readyTitle(name)} · ${titleBefore}`;
  if (notificationPermission() === 'granted') {
    try {
      new Notification(P.readyTitle(name), { body: P.readyBody(name), tag: 'transcript-ready' });
    } catch {
      // Some browsers (Android Chrome) only notify from a service worker: the title still says it.
    }
  }
}
