import { describe, expect, it } from 'vitest';
import { failureReason } from '../../../src/common/lib/failure-reason';

const UNREACHABLE = '无法连接到服务器';

describe('failureReason', () => {
  it('says the server could not be reached when no response came', () => {
    expect(failureReason({ message: 'Network Error', statusCode: 0 }, UNREACHABLE)).toBe(
      '无法连接到服务器 (Network Error)',
    );
    expect(failureReason({ message: '', statusCode: 0 }, UNREACHABLE)).toBe(UNREACHABLE);
  });

  it("keeps the server's own message for answered requests, and nothing for nothing", () => {
    expect(failureReason({ message: '数据库暂时无法连接，请稍后重试', statusCode: 503 }, UNREACHABLE)).toBe(
      '数据库暂时无法连接，请稍后重试',
    );
    expect(failureReason({ message: 'boom' }, UNREACHABLE)).toBe('boom');
    expect(failureReason(null, UNREACHABLE)).toBeUndefined();
  });
});
