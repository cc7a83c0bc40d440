import { useEffect, useState } from 'react';

/** Whole seconds left until `until` (a Date.now() time), counting down once a second; 0 when past. */
export function useSecondsUntil(until: number): number {
  const left = () => Math.max(0, Math.ceil((until - Date.now()) / 1000));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `left` reads `until`, the one input.
  useEffect(() => {
    setSeconds(left());
    const tick = setInterval(() => {
      const s = left();
      setSeconds(s);
      if (s === 0) clearInterval(tick);
    }, 1000);
    return () => clearInterval(tick);
  }, [until]);
  return seconds;
}
