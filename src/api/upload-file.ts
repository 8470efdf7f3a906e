import { http } from '../providers/http';

/** What `POST /api/file` answers (API.md §4). */
export interface UploadedFile {
  url: string;
  name?: string;
  size?: number;
}

/** Uploads one file (multipart field `file`); its `url` is what an ATTACHMENT column stores. */
export const uploadFile = async (file: Blob, name?: string): Promise<UploadedFile> => {
  const form = new FormData();
  if (name) form.append('file', file, name);
  else form.append('file', file);
  const { data } = await http.post<UploadedFile>('/file', form, { requiredPermissions: ['file:upload'] });
  return data;
};
