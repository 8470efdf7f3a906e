import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import {
  UploadActivityContext,
  useReportUpload,
  useUploadTracker,
  type UploadActivity,
} from '../../../src/upload/hooks/useUploadActivity';

describe('useUploadTracker', () => {
  it('is uploading while at least one upload runs; ending twice counts once', () => {
    const { result } = renderHook(() => useUploadTracker());
    expect(result.current.uploading).toBe(false);
    let endA = () => {};
    let endB = () => {};
    act(() => {
      endA = result.current.activity.begin();
      endB = result.current.activity.begin();
    });
    expect(result.current.uploading).toBe(true);
    act(() => {
      endA();
      endA();
    });
    expect(result.current.uploading).toBe(true);
    act(() => endB());
    expect(result.current.uploading).toBe(false);
  });
});

describe('useReportUpload', () => {
  it('reports while busy, ends when no longer busy or unmounted, and works without a form', () => {
    const end = vi.fn();
    const activity: UploadActivity = { begin: vi.fn(() => end) };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <UploadActivityContext value={activity}>{children}</UploadActivityContext>
    );
    const { rerender, unmount } = renderHook(({ busy }) => useReportUpload(busy), {
      wrapper,
      initialProps: { busy: false },
    });
    expect(activity.begin).not.toHaveBeenCalled();
    rerender({ busy: true });
    expect(activity.begin).toHaveBeenCalledTimes(1);
    rerender({ busy: false });
    expect(end).toHaveBeenCalledTimes(1);
    rerender({ busy: true });
    unmount();
    expect(activity.begin).toHaveBeenCalledTimes(2);
    expect(end).toHaveBeenCalledTimes(2);

    const alone = renderHook(() => useReportUpload(true));
    alone.unmount();
  });
});
