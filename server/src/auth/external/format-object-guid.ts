/**
 * Active Directory's objectGUID (16 bytes) in its usual text form, e.g.
 * `c0d7f7a1-4b2e-4f0e-9b1a-0123456789ab`: the first three groups are stored little-endian, the
 * last two as they are. Anything but 16 bytes gives undefined.
 */
export const formatObjectGuid = (bytes: Buffer): string | undefined => {
  if (bytes.length !== 16) return undefined;
  const hex = (from: number, to: number, reverse: boolean) => {
    const part = [...bytes.subarray(from, to)];
    if (reverse) part.reverse();
    return part.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join('-');
};
