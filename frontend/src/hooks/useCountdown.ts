import { useEffect, useRef, useState } from 'react';

/**
 * Counts down once a second while running; calls onZero when it reaches 0.
 * `restart(seconds)` starts a new countdown.
 */
export function useCountdown(initialSeconds: number, onZero: () => void, running = true) {
  const [seconds, setSeconds] = useState(initialSeconds);
  const [total, setTotal] = useState(initialSeconds);
  const onZeroRef = useRef(onZero);
  useEffect(() => {
    onZeroRef.current = onZero;
  }, [onZero]);

  useEffect(() => {
    if (!running || seconds <= 0) return;
    const timer = window.setTimeout(() => {
      const next = seconds - 1;
      setSeconds(next);
      if (next === 0) onZeroRef.current();
    }, 1000);
    return () => window.clearTimeout(timer);
  }, [running, seconds]);

  const restart = (value: number) => {
    setTotal(value);
    setSeconds(value);
  };
  return { seconds, total, restart };
}
