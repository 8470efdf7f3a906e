import { describe, expect, it } from 'vitest';
import { extensionMenuEntries } from '../../src/extensions/extension-menu';

describe('extensionMenuEntries', () => {
  it('lists extension resources with a list page, ordered, with the data source in their path', () => {
    const entries = extensionMenuEntries(
      [
        { name: 'tables', list: '/dataSource/:dataSource/metadata/tables', meta: { kind: 'metadata' } },
        {
          name: 'late',
          list: '/dataSource/:dataSource/ext/late',
          meta: { kind: 'extension', labelKey: 'ext.l' },
        },
        {
          name: 'early',
          list: '/dataSource/:dataSource/ext/early',
          meta: { kind: 'extension', labelKey: 'ext.e', parent: 'system', order: 1 },
        },
        { name: 'hidden', list: '/x', meta: { kind: 'extension', labelKey: 'ext.h', hide: true } },
        { name: 'formOnly', meta: { kind: 'extension', labelKey: 'ext.f' } },
      ],
      'my db',
    );
    expect(entries).toEqual([
      { name: 'early', path: '/dataSource/my%20db/ext/early', labelKey: 'ext.e', parent: 'system', order: 1 },
      { name: 'late', path: '/dataSource/my%20db/ext/late', labelKey: 'ext.l', order: 100 },
    ]);
  });
});
