import { Type } from 'typebox';

export const UploadedFileSchema = Type.Object(
  {
    size: Type.Integer({ description: 'bytes' }),
    name: Type.String({ description: 'original file name' }),
    url: Type.String({ description: 'download URL; what ATTACHMENT columns store' }),
  },
  { description: 'A stored file (docs/api.md §4)' },
);

export const ChunkResultSchema = Type.Object(
  {
    size: Type.Integer({ description: 'bytes of the whole file' }),
    name: Type.String({ description: 'original file name' }),
    url: Type.Optional(Type.String({ description: 'download URL, once finished' })),
    isFinished: Type.Boolean(),
    received: Type.Array(Type.Integer(), { description: 'indexes of the chunks stored so far' }),
  },
  { description: 'Progress of a chunked upload' },
);

export const UploadStatusSchema = Type.Object(
  {
    received: Type.Array(Type.Integer(), {
      description: 'indexes of the chunks stored so far (empty once finished)',
    }),
    isFinished: Type.Boolean(),
    url: Type.Optional(Type.String({ description: 'download URL, once finished' })),
  },
  { description: 'What the server holds of a chunked upload, for resuming' },
);

export const Md5ParamsSchema = Type.Object({ md5: Type.String({ description: 'md5 of the whole file' }) });
