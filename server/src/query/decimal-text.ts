const PLAIN = /^([-+]?)(\d*)(?:\.(\d*))?$/;

/** `digits` (a non-negative integer as text) plus one in its last place. */
const incremented = (digits: string): string =>
  (BigInt(digits || '0') + 1n).toString().padStart(digits.length, '0');

/**
 * A decimal as text with exactly `scale` fraction digits, the way PostgreSQL and MySQL print a
 * DECIMAL(p, scale): `5999` → `5999.00`, `12.5` → `12.50`; extra digits round half away from zero.
 * Works on the text, so no digit is lost to floating point. Text that is not a plain decimal
 * (an exponent, say) goes through Number; what is not a number at all is returned as it is.
 */
export const decimalText = (value: string | number | bigint, scale: number): string => {
  const places = Number.isInteger(scale) && scale > 0 ? scale : 0;
  const text = typeof value === 'number' ? value.toFixed(places) : String(value).trim();
  const match = PLAIN.exec(text);
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) {
    const asNumber = Number(text);
    return text !== '' && Number.isFinite(asNumber) ? asNumber.toFixed(places) : String(value);
  }
  const sign = match[1] === '-' ? '-' : '';
  let whole = (match[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  let fraction = (match[3] ?? '').padEnd(places, '0');
  if (fraction.length > places) {
    const roundUp = Number(fraction[places]) >= 5;
    fraction = fraction.slice(0, places);
    if (roundUp) {
      const bumped = incremented(whole + fraction);
      whole = bumped.slice(0, bumped.length - places) || '0';
      fraction = bumped.slice(bumped.length - places);
    }
  }
  const zero = /^0*$/.test(whole + fraction);
  const body = places > 0 ? `${whole}.${fraction}` : whole;
  return zero ? body : `${sign}${body}`;
};
