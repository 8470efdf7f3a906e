import { describe, expect, it } from 'vitest';
import { hasCaption, humanizedName } from '../../../src/common/lib/human-name';

describe('humanizedName', () => {
  it.each<[string, string]>([
    ['first_name', 'First name'],
    ['firstName', 'First name'],
    ['FIRST_NAME', 'FIRST NAME'],
    ['customer_ID', 'Customer ID'],
    ['HTTPStatus', 'HTTP status'],
    ['id', 'Id'],
    ['address2', 'Address2'],
    ['姓名', '姓名'],
    ['first name', 'first name'],
    ['_x', '_x'],
  ])('%s → %s', (name, expected) => {
    expect(humanizedName(name)).toBe(expected);
  });
});

describe('hasCaption', () => {
  it('holds for a caption in any language, not for blanks', () => {
    expect(hasCaption({ caption: '姓名' })).toBe(true);
    expect(hasCaption({ caption: null, captions: { 'en-US': 'Name' } })).toBe(true);
    expect(hasCaption({ caption: ' ', captions: { 'zh-CN': '' } })).toBe(false);
    expect(hasCaption({})).toBe(false);
  });
});
