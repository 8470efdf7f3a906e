import { describe, expect, it } from 'vitest';
import { captionIn, captionLanguageOf, normalizeCaptions } from '../../contract';

describe('captionIn', () => {
  const order = { name: 'salesOrder', caption: '订单', captions: { 'en-US': 'Orders' } };

  it('shows the language’s own caption, else the default one, else another language’s, else the name', () => {
    expect(captionIn(order, 'en-US')).toBe('Orders');
    expect(captionIn(order, 'zh-CN')).toBe('订单');
    expect(captionIn({ name: 'x', caption: ' ', captions: { 'en-US': 'Orders' } }, 'zh-CN')).toBe('Orders');
    expect(captionIn({ name: 'salesOrder', caption: null, captions: null }, 'en-US')).toBe('salesOrder');
  });

  it('maps a locale to a UI language', () => {
    expect(['en', 'en-GB', 'zh-CN', undefined].map(captionLanguageOf)).toEqual([
      'en-US',
      'en-US',
      'zh-CN',
      'zh-CN',
    ]);
  });
});

describe('normalizeCaptions', () => {
  it('keeps known languages, trimmed, and is null when nothing is left', () => {
    expect(normalizeCaptions({ 'en-US': ' Orders ', 'zh-CN': '', fr: 'Commandes' })).toEqual({
      'en-US': 'Orders',
    });
    expect(normalizeCaptions({ 'zh-CN': '  ' })).toBeNull();
    expect(normalizeCaptions(['Orders'])).toBeNull();
    expect(normalizeCaptions('Orders')).toBeNull();
  });
});
