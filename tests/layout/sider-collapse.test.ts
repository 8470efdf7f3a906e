import { describe, expect, it } from 'vitest';
import { isSiderCollapsed, NARROW_QUERY } from '../../src/layout/sider-collapse';

describe('isSiderCollapsed', () => {
  it('keeps the menu open in a wide window unless the user folded it', () => {
    expect(isSiderCollapsed(false, null, null)).toBe(false);
    expect(isSiderCollapsed(false, '1', null)).toBe(true);
    expect(isSiderCollapsed(false, '0', '1')).toBe(false);
  });

  it('folds the menu in a narrow window unless the user opened it there', () => {
    expect(isSiderCollapsed(true, null, null)).toBe(true);
    expect(isSiderCollapsed(true, '0', null)).toBe(true);
    expect(isSiderCollapsed(true, '1', '0')).toBe(false);
  });

  it('calls a window below 1280 px narrow', () => {
    expect(NARROW_QUERY).toBe('(max-width: 1279.98px)');
  });
});
