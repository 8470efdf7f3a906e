import type { Static, TObject } from 'typebox';
import Value from 'typebox/value';

/** The environment an extension's configuration is read from (process.env at start). */
export type ConfigEnv = Readonly<Record<string, string | undefined>>;

/**
 * An extension's configuration: environment variables `<prefix><KEY>` for each key of a TypeBox
 * object schema, read once at start, converted to the schema's types, defaults applied and
 * checked; a bad or missing value stops the start with a message naming the variable (never its
 * value). Read it with `get()` when a route or hook runs, not at import time.
 */
export interface ExtensionConfig<S extends TObject = TObject> {
  readonly schema: S;
  /** The variables' common prefix; default `CRUDBOARD_EXT_<NAME>_` (dashes as underscores). */
  readonly prefix: string | undefined;
  /** The values read at start; throws when read before the server has started. */
  get(): Static<S>;
  /** Reads and checks the variables (the server does this at start, before any route or hook). */
  load(env: ConfigEnv, extensionName: string): Static<S>;
}

/** The default prefix of an extension's variables. */
export const configPrefixOf = (extensionName: string): string =>
  `CRUDBOARD_EXT_${extensionName.toUpperCase().replace(/-/g, '_')}_`;

/** Declares an extension's configuration: `config: defineExtensionConfig(Type.Object({...}))`. */
export const defineExtensionConfig = <S extends TObject>(
  schema: S,
  options: { prefix?: string } = {},
): ExtensionConfig<S> => {
  let loaded: { values: Static<S> } | undefined;
  return {
    schema,
    prefix: options.prefix,
    get: () => {
      if (!loaded) throw new Error('extension configuration read before the server started');
      return loaded.values;
    },
    load: (env, extensionName) => {
      const prefix = options.prefix ?? configPrefixOf(extensionName);
      const keys = Object.keys(schema.properties);
      const given: Record<string, string> = {};
      for (const key of keys) {
        const text = env[`${prefix}${key}`];
        if (text !== undefined && text !== '') given[key] = text;
      }
      const values: unknown = Value.Default(schema, Value.Convert(schema, given));
      if (!Value.Check(schema, values)) {
        const required = new Set<string>((schema.required as readonly string[] | undefined) ?? []);
        const problems = [
          ...keys
            .filter((key) => required.has(key) && !(key in given))
            .map((key) => `${prefix}${key} is not set`),
          ...[...Value.Errors(schema, values)]
            .filter((error) => error.instancePath !== '')
            .map((error) => `${prefix}${error.instancePath.slice(1)} ${error.message}`),
        ];
        throw new Error(
          `server extension "${extensionName}": configuration: ${[...new Set(problems)].join('; ') || 'invalid'}`,
        );
      }
      loaded = { values: values as Static<S> };
      return loaded.values;
    },
  };
};
