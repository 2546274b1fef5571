import { useEffect, useState } from 'react';

/** The time now, ticking every `everyMs` in the browser; the server and the hydrating page both say `start`. */
export function useNow(start: number, everyMs: number) {
  const [now, setNow] = useState(start);
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
