import {
  attachmentName,
  attachmentUrl,
  isImageAttachment,
  uploadFailureMessage,
} from '../../src/fields/attachment-file';

describe('attachment-file', () => {
  it('names a stored file by the last part of its path, decoded', () => {
    expect(attachmentName('/download/files/0123abcd.pdf')).toBe('0123abcd.pdf');
    expect(attachmentName('https://cdn.example.com/a/%E5%90%88%E5%90%8C.pdf?x=1#p')).toBe('合同.pdf');
    expect(attachmentName('/download/files/bad%E0')).toBe('bad%E0');
    expect(attachmentName('/')).toBe('/');
  });

  it('sees pictures by their extension, not SVG or other files', () => {
    expect(isImageAttachment('/download/files/ab.PNG')).toBe(true);
    expect(isImageAttachment('/download/files/ab.jpeg?v=2')).toBe(true);
    expect(isImageAttachment('/download/files/ab.webp')).toBe(true);
    expect(isImageAttachment('/download/files/ab.svg')).toBe(false);
    expect(isImageAttachment('/download/files/ab.pdf')).toBe(false);
    expect(isImageAttachment('/download/files/png')).toBe(false);
    expect(isImageAttachment('/download/files/.png')).toBe(false);
  });

  it('treats blank and non-text values as no file', () => {
    expect(attachmentUrl('/download/files/a.png')).toBe('/download/files/a.png');
    expect(attachmentUrl('  ')).toBeUndefined();
    expect(attachmentUrl(null)).toBeUndefined();
    expect(attachmentUrl(12)).toBeUndefined();
  });

  it("gives the server's message of a failed upload, none for a network failure", () => {
    expect(uploadFailureMessage({ statusCode: 413, message: '文件太大' })).toBe('文件太大');
    expect(uploadFailureMessage({ statusCode: 500, message: ' ' })).toBeUndefined();
    expect(uploadFailureMessage({ statusCode: 0, message: 'Network timeout' })).toBeUndefined();
    expect(uploadFailureMessage(new Error('x'))).toBeUndefined();
    expect(uploadFailureMessage('boom')).toBeUndefined();
  });
});
