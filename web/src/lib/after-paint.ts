import { useEffect, useState } from 'react';

/**
 * Runs `callback` once the browser has shown the next frame, for work that must not delay what is
 * about to be shown: the code of a carousel, a list below the page's main picture. A task after the
 * frame's requestAnimationFrame runs before the frame reaches the screen (a trace put the photo's paint
 * 2 ms after it), so this waits for the animation frame after that one. Returns a cancel function.
 */
export function afterNextPaint(callback: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(() => {
      timer = setTimeout(callback, 0);
    });
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

/**
 * When `wait`, false until the component's first render has been painted, then true; otherwise true
 * at once (no frame is waited for, and no second render).
 */
export function useAfterFirstPaint(wait = true): boolean {
  const [painted, setPainted] = useState(!wait);
  useEffect(() => (wait ? afterNextPaint(() => setPainted(true)) : undefined), [wait]);
  return painted || !wait;
}
