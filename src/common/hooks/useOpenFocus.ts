import { useCallback, useRef } from 'react';

/**
 * Focus for the first field of an antd Modal. Once its opening animation ends, the Modal focuses
 * its own panel unless focus is already inside it, and an input's `autoFocus` has not taken by
 * then (the panel is still hidden when the input mounts), so typing would go nowhere. Give the
 * field `ref` and the Modal `afterOpenChange`: the field takes focus when the dialog has opened.
 */
export const useOpenFocus = <T extends { focus: () => void }>() => {
  const ref = useRef<T>(null);
  const afterOpenChange = useCallback((open: boolean) => {
    if (open) ref.current?.focus();
  }, []);
  return { ref, afterOpenChange };
};
