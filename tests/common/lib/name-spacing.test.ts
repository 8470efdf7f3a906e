import { describe, expect, it } from 'vitest';
import { spacedAround, withName } from '../../../src/common/lib/name-spacing';

describe('spacedAround', () => {
  it.each<[string, string, string, string]>([
    ['编辑', 'student', '', '编辑 student'],
    ['编辑', '学生', '', '编辑学生'],
    ['Edit ', 'student', '', 'Edit student'],
    ['批量导入', 'order_2', '', '批量导入 order_2'],
    ['', 'student', '列表', 'student 列表'],
    ['编辑', '「学生」', '', '编辑「学生」'],
    ['编辑', 'A学生', '', '编辑 A学生'],
  ])('%s + %s + %s', (before, name, after, expected) => {
    expect(spacedAround(before, name, after)).toBe(expected);
  });
});

describe('withName', () => {
  it('spaces the name where the sentence puts it', () => {
    expect(withName((name) => `编辑${name}`, 'student')).toBe('编辑 student');
    expect(withName((name) => `Edit ${name}`, 'student')).toBe('Edit student');
  });

  it('renders a sentence without the name, or with it twice, as it is', () => {
    expect(withName(() => '编辑', 'student')).toBe('编辑');
    expect(withName((name) => `${name}与${name}`, 'a')).toBe('a与a');
  });
});
