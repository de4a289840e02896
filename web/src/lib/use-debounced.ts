import { useEffect, useState } from 'react';

/**
 * `value` once it has stayed the same for `ms` (compared by `key`, a string naming it): a query
 * asked while someone types waits until they pause, instead of asking at every key.
 */
export function useDebounced<T>(value: T, key: string, ms: number): T {
  const [settled, setSettled] = useState({ value, key });
  useEffect(() => {
    if (key === settled.key) return;
    const timer = window.setTimeout(() => setSettled({ value, key }), ms);
    return () => window.clearTimeout(timer);
    // `value` is named by `key`: a new object with the same key is the same value.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms]);
  return settled.value;
}
