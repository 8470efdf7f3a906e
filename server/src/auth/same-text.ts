import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** Whether two secrets are the same, in a time that does not tell how much of them matched. */
export const sameText = (a: string, b: string): boolean => timingSafeEqual(digest(a), digest(b));
