import type { AxiosProgressEvent } from 'axios';
import type { BigUploadStatus, ChunkAnswer, ChunkRequest } from '../lib/big-upload';
import { http } from '../providers/http';

const UPLOAD = { requiredPermissions: ['file:upload'] } as const;

/** What `POST /api/file` answers (API.md §4). */
export interface UploadedFile {
  url: string;
  name?: string;
  size?: number;
}

const progressOf = (onProgress?: (bytes: number) => void) =>
  onProgress ? (event: AxiosProgressEvent) => onProgress(event.loaded) : undefined;

/** Uploads one file (multipart field `file`); its `url` is what an ATTACHMENT column stores. */
export const uploadFile = async (
  file: Blob,
  name?: string,
  onProgress?: (bytes: number) => void,
): Promise<UploadedFile> => {
  const form = new FormData();
  if (name) form.append('file', file, name);
  else form.append('file', file);
  const { data } = await http.post<UploadedFile>('/file', form, {
    ...UPLOAD,
    onUploadProgress: progressOf(onProgress),
  });
  return data;
};

/** What the server holds of a chunked upload (`GET /api/file/big/{md5}`), for resuming. */
export const fetchBigUploadStatus = async (md5: string): Promise<BigUploadStatus> => {
  const { data } = await http.get<BigUploadStatus>(`/file/big/${encodeURIComponent(md5)}`, UPLOAD);
  return data;
};

/** Sends one chunk of a big file (`POST /api/file/big`). */
export const uploadFileChunk = async (
  request: ChunkRequest,
  onProgress?: (bytes: number) => void,
): Promise<ChunkAnswer> => {
  const form = new FormData();
  form.append('name', request.name);
  form.append('md5', request.md5);
  form.append('size', String(request.size));
  form.append('chunks', String(request.chunks));
  form.append('chunk', String(request.chunk));
  // Fields first, so the server can refuse a wrong chunk before storing it.
  form.append('file', request.file, request.name);
  const { data } = await http.post<ChunkAnswer>('/file/big', form, {
    ...UPLOAD,
    onUploadProgress: progressOf(onProgress),
  });
  return data;
};
