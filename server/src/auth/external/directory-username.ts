/** The longest user name sent to a directory. */
export const MAX_DIRECTORY_USERNAME_LENGTH = 200;

/**
 * Whether a typed user name may be looked up in a directory at all: not empty, not longer than
 * {@link MAX_DIRECTORY_USERNAME_LENGTH} characters, no control characters (NUL, line breaks, DEL
 * and the like, which no directory name holds and which only serve to confuse filters and logs).
 */
export const isAcceptableDirectoryUsername = (username: string): boolean =>
  username.length > 0 &&
  [...username].length <= MAX_DIRECTORY_USERNAME_LENGTH &&
  // eslint-disable-next-line no-control-regex
  !/[\u0000-\u001f\u007f-\u009f]/.test(username);
