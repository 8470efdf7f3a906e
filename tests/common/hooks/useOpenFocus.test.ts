import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useOpenFocus } from '../../../src/common/hooks/useOpenFocus';

describe('useOpenFocus', () => {
  it('focuses the field once the dialog has opened, and not when it closes', () => {
    const focused: string[] = [];
    const { result } = renderHook(() => useOpenFocus<{ focus: () => void }>());
    result.current.ref.current = { focus: () => focused.push('field') };
    result.current.afterOpenChange(false);
    expect(focused).toEqual([]);
    result.current.afterOpenChange(true);
    expect(focused).toEqual(['field']);
  });

  it('does nothing when the field is not mounted', () => {
    const { result } = renderHook(() => useOpenFocus<{ focus: () => void }>());
    expect(() => result.current.afterOpenChange(true)).not.toThrow();
  });
});
