import { useEffect, useState } from 'react';

/**
 * The width of an element's content box, in whole pixels, following its resizes: give the returned
 * callback as the element's `ref`. Undefined until it is measured (and where the browser cannot
 * observe sizes).
 */
export const useElementWidth = <E extends HTMLElement>(): [
  (element: E | null) => void,
  number | undefined,
] => {
  const [element, setElement] = useState<E | null>(null);
  const [width, setWidth] = useState<number>();
  useEffect(() => {
    if (!element || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.floor(entry.contentRect.width));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width];
};
