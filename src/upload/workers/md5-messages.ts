/** What the md5 worker is sent. */
export interface Md5Request {
  file: Blob;
}

/** What the md5 worker answers: progress in bytes read, then the md5 or an error. */
export type Md5Reply =
  { type: 'progress'; bytes: number } | { type: 'done'; md5: string } | { type: 'error'; message: string };
