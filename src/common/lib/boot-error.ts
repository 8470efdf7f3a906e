export interface BootErrorActions {
  log: (...args: unknown[]) => void;
  redirect: (url: string) => void;
}

/** docs/product.md §8: boot errors are logged; one carrying a `url` redirects there. Returns whether it redirected. */
export const handleBootError = (error: unknown, actions: BootErrorActions): boolean => {
  actions.log('[crudboard] boot error', error);
  const url =
    typeof error === 'object' && error !== null && 'url' in error
      ? (error as { url: unknown }).url
      : undefined;
  if (typeof url === 'string' && url.trim() !== '') {
    actions.redirect(url);
    return true;
  }
  return false;
};
