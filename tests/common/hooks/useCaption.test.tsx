import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../../src/providers/i18n-provider';
import { useCaption } from '../../../src/common/hooks/useCaption';

const album = { name: 'albumId', caption: '专辑', captions: { 'en-US': 'Album' } };

describe('useCaption', () => {
  afterEach(async () => {
    await changeLocale('zh-CN');
  });

  it('captions in the UI language and follows a change of language', async () => {
    const { result, rerender } = renderHook(() => useCaption());
    expect(result.current(album)).toBe('专辑');
    await act(async () => {
      await changeLocale('en-US');
    });
    rerender();
    expect(result.current(album)).toBe('Album');
    expect(result.current({ name: 'memo', caption: '备注' })).toBe('备注');
    expect(result.current({ name: 'memo' })).toBe('memo');
  });
});
