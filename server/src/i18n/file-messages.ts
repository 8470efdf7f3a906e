import { format, type Localized, type Params } from './messages';

/** Messages of file uploads and downloads (docs/api.md §4), Chinese and English. */
export const FILE_MESSAGES = {
  notMultipart: {
    zh: '上传须使用 multipart/form-data 格式',
    en: 'uploads must be sent as multipart/form-data',
  },
  malformed: { zh: '上传内容格式不正确', en: 'the multipart body is malformed' },
  fileRequired: { zh: '请选择文件！', en: 'no file was sent' },
  oneFile: { zh: '一次只能上传一个文件', en: 'only one file may be sent per request' },
  tooManyParts: { zh: '表单字段过多', en: 'the form has too many parts' },
  unknownField: { zh: '不支持的字段', en: 'is not an accepted field' },
  repeatedField: { zh: '字段只能出现一次', en: 'may appear only once' },
  fieldTooLong: { zh: '内容过长', en: 'is too long' },
  fileTooLarge: { zh: '文件不能超过 {limit}', en: 'the file must not be larger than {limit}' },
  bigFileTooLarge: { zh: '大文件不能超过 {limit}', en: 'a big file must not be larger than {limit}' },
  chunkTooLarge: { zh: '分片不能超过 {limit}', en: 'a chunk must not be larger than {limit}' },
  md5Format: { zh: '应为 32 位十六进制 MD5', en: 'must be an MD5 of 32 hexadecimal digits' },
  integerRange: { zh: '应为 {min} 到 {max} 之间的整数', en: 'must be an integer from {min} to {max}' },
  chunkIndex: { zh: '应为 0 到 {max} 之间的整数', en: 'must be an integer from 0 to {max}' },
  tooFewChunks: {
    zh: '分片数至少为 {min}（每片不超过 {limit}）',
    en: 'must be at least {min} (chunks are at most {limit})',
  },
  inconsistent: {
    zh: '与该文件已上传分片的信息不一致',
    en: 'does not match the earlier chunks of this file',
  },
  chunksExceedSize: {
    zh: '分片总大小超过了文件大小',
    en: 'the chunks add up to more than the file size',
  },
  sizeMismatch: {
    zh: '分片合并后的大小与文件大小不一致，已丢弃',
    en: 'the assembled chunks do not add up to the file size; the upload was discarded',
  },
} as const satisfies Record<string, Localized>;

export type FileMessageKey = keyof typeof FILE_MESSAGES;

/** A catalogue message with its placeholders filled, in both languages. */
export const fileMessage = (key: FileMessageKey, params: Params = {}): Localized => ({
  zh: format(FILE_MESSAGES[key], 'zh', params),
  en: format(FILE_MESSAGES[key], 'en', params),
});
