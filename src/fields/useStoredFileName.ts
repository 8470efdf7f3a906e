import { useApiUrl, useCustom } from '@refinedev/core';
import { storedNameOf } from '../../contract';
import { storedFileCall } from '../providers/app-calls';

interface StoredFileInfo {
  name?: string;
  size?: number;
  url?: string;
}

/**
 * The name a stored file was uploaded under (`GET /api/file/stored/{name}`), for an ATTACHMENT value
 * that is one of crudboard's uploads and whose name the form does not know yet (`known`: the file
 * just uploaded). Undefined while it is on its way, for other values, or when the server does not
 * hold the file: the caller then shows the name in the URL.
 */
export const useStoredFileName = (url: string | undefined, known: boolean): string | undefined => {
  const apiUrl = useApiUrl();
  const stored = url ? storedNameOf(url) : undefined;
  const { result } = useCustom<StoredFileInfo>({
    ...storedFileCall(apiUrl, stored ?? ''),
    errorNotification: false,
    queryOptions: { enabled: Boolean(stored) && !known, staleTime: Infinity, retry: false },
  });
  return stored && !known ? result.data?.name : undefined;
};
