import { describe, expect, it, vi } from 'vitest';
import { createDataProvider, type HttpClient } from '../../packages/client/src/data-provider';
import {
  importOutcomeOf,
  importRecordsCall,
  replayDeadLettersCall,
  replayDeliveryCall,
  runCustom,
  unquoteUrl,
  uploadFileCall,
} from '../../src/providers/custom-calls';

const report = { inserted: 2, updated: 0, failed: [], failedRows: 0 };

describe('custom calls', () => {
  it('reads an import answer: a report alone is done, a refusal keeps its message and report', () => {
    expect(importOutcomeOf(report)).toEqual({ ok: true, result: report });
    const refused = { ...report, failedRows: 1, message: '1 行有错', code: 'VALIDATION_ERROR' };
    expect(importOutcomeOf(refused)).toMatchObject({ ok: false, message: '1 行有错', result: refused });
    expect(importOutcomeOf({ message: '不是 xlsx 文件' })).toEqual({
      ok: false,
      message: '不是 xlsx 文件',
      result: null,
    });
  });

  it('unquotes a URL sent as a JSON string', () => {
    expect(unquoteUrl('"/download/a.xlsx"')).toBe('/download/a.xlsx');
    expect(unquoteUrl(' /download/b.json ')).toBe('/download/b.json');
  });

  it('sends upload progress, query flags and answered statuses through the provider', async () => {
    const request = vi.fn(async () => ({ data: report }));
    const http: HttpClient = { request: request as HttpClient['request'] };
    const provider = createDataProvider(http, {
      apiUrl: '/api',
      basePath: '/business',
      deleteFlag: 'isSoftDelete',
    });
    const percents: number[] = [];
    await runCustom(
      provider.custom,
      importRecordsCall('product', new Blob(['x']), 'a.xlsx', true, (p) => percents.push(p)),
    );
    const config = (request.mock.calls[0] as unknown[])[0] as {
      url: string;
      params: Record<string, string>;
      validateStatus: (status: number) => boolean;
      onUploadProgress: (event: { loaded: number; total?: number }) => void;
      requiredPermissions: string[];
    };
    expect(config.url).toBe('/business/product/import');
    expect(config.params).toEqual({ partial: 'true' });
    expect(config.requiredPermissions).toEqual(['business:product:import']);
    expect([config.validateStatus(201), config.validateStatus(400), config.validateStatus(500)]).toEqual([
      true,
      true,
      false,
    ]);
    config.onUploadProgress({ loaded: 5, total: 10 });
    expect(percents).toEqual([50]);
  });

  it('builds the multipart body of a file upload', () => {
    const call = uploadFileCall(new Blob(['abc']), 'a.txt');
    expect(call).toMatchObject({
      url: '/file',
      method: 'post',
      meta: { requiredPermissions: ['file:upload'] },
    });
    expect(((call.payload as FormData).get('file') as File).name).toBe('a.txt');
  });

  it("sends a delivery, or a webhook's dead letters, again with a POST that needs webhook:manage", async () => {
    const request = vi.fn(async () => ({ data: { replayed: 3 } }));
    const provider = createDataProvider(
      { request: request as HttpClient['request'] },
      { apiUrl: '/api', basePath: '/business', deleteFlag: 'isSoftDelete' },
    );
    await expect(runCustom(provider.custom, replayDeliveryCall(7))).resolves.toEqual({ replayed: 3 });
    await expect(runCustom(provider.custom, replayDeadLettersCall('12'))).resolves.toEqual({ replayed: 3 });
    const configs = request.mock.calls.map(
      (call) => (call as unknown[])[0] as { method: string; url: string; requiredPermissions: string[] },
    );
    expect(
      configs.map(({ method, url, requiredPermissions }) => ({ method, url, requiredPermissions })),
    ).toEqual([
      { method: 'post', url: '/webhooks/deliveries/7/replay', requiredPermissions: ['webhook:manage'] },
      { method: 'post', url: '/webhooks/12/replay', requiredPermissions: ['webhook:manage'] },
    ]);
  });
});
