/** What the server holds of a chunked upload (`GET /api/file/big/{md5}`). */
export interface BigUploadStatus {
  received: number[];
  isFinished: boolean;
  url?: string;
}

/** What one chunk answers (`POST /api/file/big`). */
export interface ChunkAnswer {
  isFinished: boolean;
  url?: string;
  received?: number[];
}

/** The fields of one chunk request (docs/api.md §4). */
export interface ChunkRequest {
  file: Blob;
  name: string;
  md5: string;
  size: number;
  chunks: number;
  chunk: number;
}
