import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The layer rules in eslint.config.js, run on probe files that exist only in memory
 * (paths relative to the repository, where vitest runs).
 */
const eslint = new ESLint({
  ruleFilter: ({ ruleId }) =>
    ruleId === 'import-x/no-restricted-paths' || ruleId === '@typescript-eslint/no-restricted-imports',
});

const zoneErrors = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).map((message) => message.message);
};

describe('lint layer zones (eslint.config.js)', () => {
  it('refuses a lib/ module that imports a component, a hook or a provider, in any feature', async () => {
    const errors = await zoneErrors(
      'src/business/lib/probe.ts',
      [
        "import { RecordFields } from '../components/RecordFields';",
        "import { useBusinessTable } from '../hooks/useBusinessTable';",
        "import { PageContainer } from '../../common/components/PageContainer';",
        "import { appClient } from '../../providers/app-client';",
        'export const probe = [RecordFields, useBusinessTable, PageContainer, appClient];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(4);
    expect(errors[0]).toContain('lib/ holds pure rules');
  });

  it('refuses React, antd, Refine and axios code in lib/, but not their types', async () => {
    const errors = await zoneErrors(
      'src/sql/lib/probe.ts',
      [
        "import { useState } from 'react';",
        "import type { ReactNode } from 'react';",
        "import { message } from 'antd';",
        "import { useList } from '@refinedev/core';",
        "import type { CrudFilter } from '@refinedev/core';",
        "import axios from 'axios';",
        'export type Probe = [ReactNode, CrudFilter];',
        'export const probe = [useState, message, useList, axios];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(4);
    expect(errors.every((error) => error.includes('no React, antd, Refine or HTTP code'))).toBe(true);
  });

  it("refuses a flat feature's plain module that imports its React files", async () => {
    const errors = await zoneErrors(
      'src/sequences/probe-rule.ts',
      "import { SequenceForm } from './SequenceForm';\nexport const probe = SequenceForm;",
    );
    expect(errors).toEqual([expect.stringContaining('lib/ holds pure rules')]);
  });

  it('refuses a component or another feature that imports a page', async () => {
    const fromComponent = await zoneErrors(
      'src/designer/components/Probe.tsx',
      "import { TableListPage } from '../pages/TableListPage';\nexport const probe = TableListPage;",
    );
    const fromFeature = await zoneErrors(
      'src/relations/hooks/useProbe.ts',
      "import { SequenceListPage } from '../../sequences/SequenceListPage';\nexport const useProbe = () => SequenceListPage;",
    );
    expect(fromComponent).toEqual([expect.stringContaining('A page is imported by the router only')]);
    expect(fromFeature).toEqual([expect.stringContaining('A page is imported by the router only')]);
  });

  it('lets lib/ import other lib/ folders, and the router import pages', async () => {
    const fromLib = await zoneErrors(
      'src/designer/lib/probe.ts',
      [
        "import { nameIssue } from '../../common/lib/name-rules';",
        "import { formFields } from '../../business/lib/form-fields';",
        'export const probe = [nameIssue, formFields];',
      ].join('\n'),
    );
    const fromRouter = await zoneErrors(
      'src/Probe.tsx',
      "import { TableListPage } from './designer/pages/TableListPage';\nexport const probe = TableListPage;",
    );
    expect(fromLib).toEqual([]);
    expect(fromRouter).toEqual([]);
  });

  it('keeps @crudboard/client apart: contract/ only, pure lib/, and nothing of it in contract/', async () => {
    const fromProvider = await zoneErrors(
      'packages/client/src/probe.ts',
      [
        "import { appSession } from '../../../src/store/session';",
        "import { SUPER_ADMIN_ROLE } from '../../../contract';",
        'export const probe = [appSession, SUPER_ADMIN_ROLE];',
      ].join('\n'),
    );
    const fromLib = await zoneErrors(
      'packages/client/src/lib/probe.ts',
      [
        "import { createHttp } from '../http';",
        "import axios from 'axios';",
        "import { statusOf } from './http-error';",
        'export const probe = [createHttp, axios, statusOf];',
      ].join('\n'),
    );
    const fromContract = await zoneErrors(
      'contract/probe.ts',
      "import { statusOf } from '../packages/client/src/lib/http-error';\nexport const probe = statusOf;",
    );
    const fromApp = await zoneErrors(
      'src/common/lib/probe.ts',
      "import { statusOf } from '@crudboard/client';\nexport const probe = statusOf;",
    );
    expect(fromProvider).toEqual([expect.stringContaining('@crudboard/client is a package of its own')]);
    expect(fromLib).toEqual([
      expect.stringContaining("The client's lib/ holds pure rules"),
      expect.stringContaining('no React, antd, Refine or HTTP code'),
    ]);
    expect(fromContract).toEqual([expect.stringContaining('contract/ imports nothing')]);
    expect(fromApp).toEqual([]);
  });

  it('refuses a server service that imports a route, and a query module that imports a service', async () => {
    const fromService = await zoneErrors(
      'server/src/services/items/probe.ts',
      "import api from '../../routes/api';\nexport const probe = api;",
    );
    const fromQuery = await zoneErrors(
      'server/src/query/probe.ts',
      "import { listItems } from '../services/items/list-items';\nexport const probe = listItems;",
    );
    expect(fromService).toEqual([expect.stringContaining('routes call services, never the reverse')]);
    expect(fromQuery).toEqual([expect.stringContaining('query/ is pure')]);
  });
});

describe('HTTP only in the providers (eslint.config.js)', () => {
  const http = new ESLint({
    ruleFilter: ({ ruleId }) =>
      ruleId === 'no-restricted-imports' ||
      ruleId === 'no-restricted-globals' ||
      ruleId === 'no-restricted-properties',
  });
  const probe = [
    "import axios from 'axios';",
    "export const probe = () => [axios.get('/api/x'), fetch('/api/x'), window.fetch('/api/x'), new XMLHttpRequest()];",
  ].join('\n');
  const errorsIn = async (file: string): Promise<string[]> => {
    const [result] = await http.lintText(probe, { filePath: file });
    return (result?.messages ?? []).map((message) => message.message);
  };

  it('refuses axios, fetch and XMLHttpRequest in a screen or hook, and allows them in the providers', async () => {
    const fromHook = await errorsIn('src/business/hooks/useProbe.ts');
    expect(fromHook).toHaveLength(4);
    expect(
      fromHook.every((error) => error.includes('Only src/providers/ and @crudboard/client speak HTTP')),
    ).toBe(true);
    expect(await errorsIn('src/providers/probe.ts')).toEqual([]);
  });
});
