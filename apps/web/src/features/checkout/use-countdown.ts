import { useEffect, useState } from 'react';

/** Milliseconds left until `until` (an ISO time), ticking every second; 0 once it has passed. */
export function useCountdown(until: string | null | undefined): number | null {
  const end = until ? Date.parse(until) : NaN;
  const [now, setNow] = useState(() => Date.now());
  const left = Number.isNaN(end) ? null : Math.max(0, end - now);
  useEffect(() => {
    if (Number.isNaN(end)) return;
    setNow(Date.now());
    const id = setInterval(() => {
      const t = Date.now();
      setNow(t);
      if (t >= end) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [end]);
  return left;
}

/** "14:32" (minutes and seconds, rounded up so a hold never reads 0:00 while it is still live). */
export function formatCountdown(ms: number): string {
  const total = Math.ceil(ms / 1000);
  const m = Math.floor(total / 60);
  const s = total % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}
