import { describe, expect, it } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '../../../contract/index';
import {
  ERROR_MESSAGES,
  FIELD_MESSAGES,
  errorMessage,
  fieldMessage,
  languageOf,
} from '../../src/i18n/messages';

describe('languageOf', () => {
  it.each([
    [undefined, 'zh'],
    ['', 'zh'],
    ['zh-CN,zh;q=0.9,en;q=0.8', 'zh'],
    ['en', 'en'],
    ['en-US,en;q=0.9', 'en'],
    ['EN-gb', 'en'],
    ['fr-FR, en;q=0.5', 'zh'],
  ])('%s → %s', (header, lang) => {
    expect(languageOf(header)).toBe(lang);
  });
});

describe('the catalogue', () => {
  it('has a Chinese and an English message for every error code', () => {
    for (const code of Object.keys(ERROR_CODES) as ErrorCode[]) {
      expect(ERROR_MESSAGES[code].zh).toMatch(/[\u4e00-\u9fff]/);
      expect(ERROR_MESSAGES[code].en).toMatch(/^[\x20-\x7e]+$/);
    }
  });

  it('has both languages for every field message', () => {
    for (const message of Object.values(FIELD_MESSAGES)) {
      expect(message.zh).not.toBe('');
      expect(message.en).not.toBe('');
    }
  });

  it('fills placeholders and names types in the right language', () => {
    expect(errorMessage('DATA_SOURCE_NOT_FOUND', 'zh', { name: 'x' })).toBe('数据源 x 不存在');
    expect(errorMessage('DATA_SOURCE_NOT_FOUND', 'en', { name: 'x' })).toBe('Unknown data source x');
    expect(fieldMessage('maximum', 'zh', { limit: 10000 })).toBe('不能大于 10000');
    expect(fieldMessage('type', 'zh', { type: 'integer' })).toBe('类型应为 整数');
    expect(fieldMessage('type', 'en', { type: 'integer' })).toBe('must be of type integer');
  });

  it('leaves unknown placeholders visible rather than inventing values', () => {
    expect(errorMessage('DATA_SOURCE_NOT_FOUND', 'en')).toBe('Unknown data source {name}');
  });
});
