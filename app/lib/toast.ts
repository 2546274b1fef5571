import { useSyncExternalStore } from 'react';

type Tone = 'success' | 'warning' | 'error';
interface Toast {
  tone: Tone;
  text: string;
}

// The toast library loads with the first toast rather than with every page: toasts wait here until it has.
const waiting: Toast[] = [];
let deliver: ((toast: Toast) => void) | undefined;
const listeners = new Set<() => void>();

function show(toast: Toast) {
  if (deliver) return deliver(toast);
  waiting.push(toast);
  listeners.forEach((listener) => listener());
}

/** SPEC §8 toasts: top right, 3 s. */
export const toast = {
  success: (text: string) => show({ tone: 'success', text }),
  warning: (text: string) => show({ tone: 'warning', text }),
  error: (text: string) => show({ tone: 'error', text }),
};

/** True once any toast has been asked for: the page then loads the toaster. */
export const useToastsWanted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting.length > 0 || deliver !== undefined,
    () => false,
  );

/** Called by the loaded toaster: hands it the toasts that waited and every later one. */
export function deliverToasts(to: (toast: Toast) => void) {
  deliver = to;
  waiting.splice(0).forEach(to);
  return () => {
    deliver = undefined;
  };
}
