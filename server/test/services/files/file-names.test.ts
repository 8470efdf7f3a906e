import { describe, expect, it } from 'vitest';
import {
  cleanOriginalName,
  contentDisposition,
  formatBytes,
  isStoredName,
  newStoredName,
  safeExtension,
  servingOf,
} from '../../../src/services/files/file-names';

describe('file names', () => {
  it('keeps only the base name of an original name, without control or bidi characters', () => {
    expect(cleanOriginalName('../../etc/passwd')).toBe('passwd');
    expect(cleanOriginalName('C:\\Users\\me\\报表.xlsx')).toBe('报表.xlsx');
    expect(cleanOriginalName('evil\u202egpj.exe')).toBe('evilgpj.exe');
    expect(cleanOriginalName('a\u0000b\r\n.txt')).toBe('ab.txt');
    expect(cleanOriginalName('..')).toBe('file');
    expect(cleanOriginalName('   ')).toBe('file');
    expect(cleanOriginalName(undefined)).toBe('file');
    expect([...cleanOriginalName('字'.repeat(300))]).toHaveLength(255);
  });

  it('keeps a short alphanumeric extension, lowercased', () => {
    expect(safeExtension('photo.JPG')).toBe('jpg');
    expect(safeExtension('archive.tar.gz')).toBe('gz');
    expect(safeExtension('.bashrc')).toBe('');
    expect(safeExtension('noext')).toBe('');
    expect(safeExtension('x.php%00')).toBe('');
    expect(safeExtension('x.abcdefghijk')).toBe('');
  });

  it('makes random stored names that pass the download check', () => {
    const a = newStoredName('报表.XLSX');
    const b = newStoredName('报表.XLSX');
    expect(a).toMatch(/^[0-9a-f]{32}\.xlsx$/);
    expect(a).not.toBe(b);
    expect(newStoredName('README')).toMatch(/^[0-9a-f]{32}$/);
    expect(isStoredName(a)).toBe(true);
    for (const bad of [
      '../x',
      `${'a'.repeat(32)}/x`,
      `${'A'.repeat(32)}`,
      `${'a'.repeat(31)}`,
      'partial',
      '',
    ]) {
      expect(isStoredName(bad)).toBe(false);
    }
  });

  it('serves images and PDF inline and everything else as a download', () => {
    expect(servingOf(`${'a'.repeat(32)}.png`)).toEqual({ contentType: 'image/png', inline: true });
    expect(servingOf(`${'a'.repeat(32)}.pdf`)).toEqual({ contentType: 'application/pdf', inline: true });
    for (const extension of ['.svg', '.html', '.js', '']) {
      expect(servingOf(`${'a'.repeat(32)}${extension}`)).toEqual({
        contentType: 'application/octet-stream',
        inline: false,
      });
    }
  });

  it('writes an RFC 6266 disposition with an ASCII fallback and the UTF-8 name', () => {
    expect(contentDisposition('报表 (1).xlsx', false)).toBe(
      `attachment; filename="__ (1).xlsx"; filename*=UTF-8''%E6%8A%A5%E8%A1%A8%20%281%29.xlsx`,
    );
    expect(contentDisposition('a"b.png', true)).toBe(
      `inline; filename="a_b.png"; filename*=UTF-8''a%22b.png`,
    );
  });

  it('formats sizes for messages', () => {
    expect(formatBytes(1000)).toBe('1000 B');
    expect(formatBytes(100 * 1024 * 1024)).toBe('100 MB');
    expect(formatBytes(20 * 1024 ** 3)).toBe('20 GB');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
