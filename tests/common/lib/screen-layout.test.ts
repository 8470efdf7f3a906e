import { describe, expect, it } from 'vitest';
import { screenLayout } from '../../../src/common/lib/screen-layout';

describe('screenLayout', () => {
  it('uses the drawer menu and record cards on a phone (below md)', () => {
    expect(screenLayout({ xs: true, sm: false, md: false, lg: false })).toEqual({
      drawerMenu: true,
      phone: true,
    });
    expect(screenLayout({ xs: false, sm: true, md: false, lg: false })).toEqual({
      drawerMenu: true,
      phone: true,
    });
  });

  it('uses the drawer menu but keeps the table on a tablet held upright (md, below lg)', () => {
    expect(screenLayout({ xs: false, sm: true, md: true, lg: false })).toEqual({
      drawerMenu: true,
      phone: false,
    });
  });

  it('keeps the side menu and the table from lg up', () => {
    expect(screenLayout({ xs: false, sm: true, md: true, lg: true })).toEqual({
      drawerMenu: false,
      phone: false,
    });
    expect(screenLayout({ sm: true, md: true, lg: true, xl: true, xxl: true })).toEqual({
      drawerMenu: false,
      phone: false,
    });
  });

  it('is the desktop layout while the breakpoints are not known yet', () => {
    expect(screenLayout({})).toEqual({ drawerMenu: false, phone: false });
    expect(screenLayout({ xs: false, sm: false, md: false, lg: false })).toEqual({
      drawerMenu: false,
      phone: false,
    });
  });
});
