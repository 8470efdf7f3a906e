import { act, renderHook } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import enUS from '../../src/locales/en-US.json';
import zhCN from '../../src/locales/zh-CN.json';
import {
  changeLocale,
  getLocale,
  i18n,
  i18nProvider,
  normaliseLocale,
} from '../../src/providers/i18n-provider';
import { ANTD_LOCALES, useLocale } from '../../src/store/useLocale';

const keysOf = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, child]) => keysOf(child, prefix ? `${prefix}.${key}` : key))
    : [prefix];

/** Keys Refine's own UI asks for (refine-v5-notes §3.4). */
const REFINE_KEYS = [
  ...[
    'create',
    'save',
    'logout',
    'delete',
    'edit',
    'cancel',
    'confirm',
    'filter',
    'clear',
    'refresh',
    'show',
    'undo',
  ]
    .concat(['import', 'export', 'clone', 'notAccessTitle'])
    .map((k) => `buttons.${k}`),
  ...['list', 'create', 'edit', 'show'].map((k) => `actions.${k}`),
  ...[
    'success',
    'error',
    'undoable',
    'createSuccess',
    'createError',
    'deleteSuccess',
    'deleteError',
    'editSuccess',
  ]
    .concat(['editError', 'importProgress'])
    .map((k) => `notifications.${k}`),
  'pages.login.title',
  'pages.login.signin',
  'pages.login.signup',
  'pages.login.divider',
  'pages.login.register',
  'pages.login.fields.email',
  'pages.login.fields.password',
  'pages.login.errors.requiredPassword',
  'pages.login.buttons.submit',
  'pages.login.buttons.forgotPassword',
  'pages.login.buttons.noAccount',
  'pages.login.buttons.rememberMe',
  'pages.login.buttons.haveAccount',
  'pages.register.divider',
  'pages.register.email',
  'pages.register.signin',
  'pages.forgotPassword.signin',
  'pages.forgotPassword.buttons.haveAccount',
  'pages.updatePassword.fields.confirmPassword',
  'pages.error.404',
  'pages.error.info',
  'pages.error.backHome',
  'warnWhenUnsavedChanges',
  'loading',
  ...['success', 'error', 'loading', 'idle'].map((k) => `autoSave.${k}`),
  'documentTitle.default',
  'documentTitle.suffix',
];

describe('i18n provider', () => {
  afterEach(async () => {
    await changeLocale('zh-CN');
  });

  it('starts in zh-CN', () => {
    expect(getLocale()).toBe('zh-CN');
    expect(i18nProvider.translate('buttons.save')).toBe('保存');
    expect(i18nProvider.translate('pagination.total', { count: 25, page: 2, pageCount: 3 })).toBe(
      '共 25 条记录 第 2 / 3 页',
    );
  });

  it('has the same keys in both languages (English plurals apart), including all of Refine’s', () => {
    const zh = keysOf(zhCN).sort();
    const en = keysOf(enUS);
    // An English text that depends on a count comes as `key_one` and `key_other` (i18next plurals).
    const singular = (key: string) => key.replace(/_(one|other)$/, '');
    expect([...new Set(en.map(singular))].sort()).toEqual(zh);
    for (const key of en.filter((k) => k.endsWith('_one')))
      expect(en).toContain(key.replace(/_one$/, '_other'));
    for (const key of REFINE_KEYS) expect(zh).toContain(key);
  });

  it('counts in English: one record, two records', async () => {
    await changeLocale('en-US');
    expect(i18nProvider.translate('home.recordCount', { count: 1 })).toBe('1 record');
    expect(i18nProvider.translate('home.recordCount', { count: 2 })).toBe('2 records');
    expect(i18nProvider.translate('home.recordCount', { count: 0 })).toBe('0 records');
    expect(i18nProvider.translate('pagination.total', { count: 1, page: 1, pageCount: 1 })).toBe(
      '1 record, page 1 of 1',
    );
    await changeLocale('zh-CN');
    expect(i18nProvider.translate('home.recordCount', { count: 1 })).toBe('1 条记录');
  });

  it('honours defaultMessage for keys it does not know (both call forms)', () => {
    expect(i18nProvider.translate('orders.titles.list', {}, '订单')).toBe('订单');
    expect(i18nProvider.translate('orders.orders', '订单表')).toBe('订单表');
    expect(i18nProvider.translate('orders.titles.edit', { id: 3 }, '编辑 {{id}}')).toBe('编辑 3');
  });

  it('prefers its own text over the default when it has the key', () => {
    expect(i18nProvider.translate('buttons.save', 'Save')).toBe('保存');
    expect(i18nProvider.translate('notifications.error', { statusCode: 500 }, 'Error')).toBe(
      '错误（状态码：500）',
    );
  });

  it('falls back to zh-CN for a key missing in English, and to the key itself only with no default', async () => {
    await changeLocale('en-US');
    i18n.addResource('zh-CN', 'translation', 'test.onlyChinese', '仅中文');
    expect(i18nProvider.translate('test.onlyChinese')).toBe('仅中文');
    expect(i18nProvider.translate('test.onlyChinese', 'Only English default')).toBe('Only English default');
    expect(i18nProvider.translate('test.nowhere')).toBe('test.nowhere');
  });

  it('normalises language tags', () => {
    expect(normaliseLocale('en')).toBe('en-US');
    expect(normaliseLocale('en-GB')).toBe('en-US');
    expect(normaliseLocale('zh')).toBe('zh-CN');
    expect(normaliseLocale(undefined)).toBe('zh-CN');
  });

  it('switches antd, dayjs and the remembered choice with the language', async () => {
    const { result } = renderHook(() => useLocale());
    expect(result.current.locale).toBe('zh-CN');
    expect(result.current.antdLocale).toBe(ANTD_LOCALES['zh-CN']);
    expect(dayjs.locale()).toBe('zh-cn');

    await act(async () => {
      await result.current.setLocale('en-US');
    });
    expect(result.current.locale).toBe('en-US');
    expect(result.current.antdLocale).toBe(ANTD_LOCALES['en-US']);
    expect(result.current.antdLocale.locale).toBe('en');
    expect(dayjs.locale()).toBe('en');
    expect(localStorage.getItem('locale')).toBe('en-US');
    expect(i18nProvider.translate('buttons.save')).toBe('Save');
    expect(i18nProvider.getLocale()).toBe('en-US');
  });
});
