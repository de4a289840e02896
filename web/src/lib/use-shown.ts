import { useState } from 'react';

/**
 * A control's value: the URL's, and the person's own until the URL has it (a navigation is not
 * instant, and a control snapping back meanwhile would undo a click). Not remounted, so focus stays.
 */
export function useShown<T>(fromUrl: T): [T, (value: T) => void] {
  const [shown, setShown] = useState(fromUrl);
  const [seen, setSeen] = useState(fromUrl);
  if (seen !== fromUrl) {
    setSeen(fromUrl);
    setShown(fromUrl);
  }
  return [shown, setShown];
}
