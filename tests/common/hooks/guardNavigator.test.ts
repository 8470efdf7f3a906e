import { describe, expect, it, vi } from 'vitest';
import type { Navigator } from 'react-router';
import { guardNavigator } from '../../../src/common/hooks/useLeaveGuard';

const fakeNavigator = () => {
  const calls: string[] = [];
  const navigator = {
    push: (to: unknown) => calls.push(`push ${String(to)}`),
    replace: (to: unknown) => calls.push(`replace ${String(to)}`),
    go: (delta: number) => calls.push(`go ${delta}`),
    createHref: () => {
      throw new Error('not expected');
    },
  } as unknown as Navigator;
  return { navigator, calls };
};

describe('guardNavigator', () => {
  it('navigates at once while nothing is dirty', () => {
    const { navigator, calls } = fakeNavigator();
    const ask = vi.fn();
    guardNavigator(navigator, () => false, ask);
    navigator.push('/a');
    navigator.go(-1);
    expect(calls).toEqual(['push /a', 'go -1']);
    expect(ask).not.toHaveBeenCalled();
  });

  it('asks first when dirty, and navigates only when the user leaves', () => {
    const { navigator, calls } = fakeNavigator();
    let leave: (() => void) | undefined;
    guardNavigator(
      navigator,
      () => true,
      (go) => {
        leave = go;
      },
    );
    navigator.replace('/b');
    expect(calls).toEqual([]);
    leave?.();
    expect(calls).toEqual(['replace /b']);
  });

  it('undoes itself', () => {
    const { navigator, calls } = fakeNavigator();
    const undo = guardNavigator(
      navigator,
      () => true,
      () => undefined,
    );
    undo();
    navigator.push('/c');
    expect(calls).toEqual(['push /c']);
  });
});
