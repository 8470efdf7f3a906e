const DISPLAY_NAME = Symbol.for('fastify.display-name');

/**
 * Gives a plugin the name Fastify shows for it (in its plugin tree and errors) before it is
 * registered: the function's own name, or `name`. Fastify looks a plugin without one up in
 * `require.cache`, key by key, at every registration; under a test runner that cache holds
 * thousands of modules, and the look-ups were 7 % of the server tests' time. A plugin that has a
 * name (fastify-plugin gives one) keeps it.
 */
export const namedPlugin = <P extends object>(plugin: P, name?: string): P => {
  const own = name ?? (plugin as { name?: unknown }).name;
  if (typeof own === 'string' && own !== '' && !(DISPLAY_NAME in plugin))
    Object.defineProperty(plugin, DISPLAY_NAME, { value: own });
  return plugin;
};
