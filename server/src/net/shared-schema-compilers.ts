import { AjvCompiler } from '@fastify/ajv-compiler';
import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type CompilersFactory = NonNullable<
  NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']
>;
type BuildValidator = NonNullable<CompilersFactory['buildValidator']>;
type BuildSerializer = NonNullable<CompilersFactory['buildSerializer']>;
type Compile = (route: { schema: unknown }) => unknown;

/**
 * Remembers what `compile` made for a schema by the schema's JSON text: two equal schemas (the
 * same route registered by another app instance, or the same shape declared twice) share one
 * compiled function. Compiled validators and serializers are pure functions of their schema and
 * options, so sharing them changes no behaviour.
 */
const memoizeByJson = (compile: Compile): Compile => {
  const compiled = new Map<string, unknown>();
  // The same schema object (a route's, declared once at module level) skips its JSON text: writing
  // it out at each app start cost as much as the look-up saved.
  const byObject = new WeakMap<object, unknown>();
  return (route) => {
    const { schema } = route;
    const isObject = typeof schema === 'object' && schema !== null;
    let made = isObject ? byObject.get(schema) : undefined;
    if (made !== undefined) return made;
    const key = JSON.stringify(schema);
    made = compiled.get(key);
    if (made === undefined) {
      made = compile(route);
      compiled.set(key, made);
    }
    if (isObject) byObject.set(schema, made);
    return made;
  };
};

/** One compiler per set of shared schemas and options, kept for the life of the process. */
const pooled = (build: (externals: unknown, options: unknown) => Compile) => {
  const pool = new Map<string, Compile>();
  return (externals: unknown, options: unknown): Compile => {
    const key = JSON.stringify([externals, options]);
    let compile = pool.get(key);
    if (compile === undefined) {
      compile = memoizeByJson(build(externals, options));
      pool.set(key, compile);
    }
    return compile;
  };
};

/**
 * Schema compilers shared by every app instance of the process. Fastify compiles each route's
 * validator (Ajv) and response serializer (fast-json-stringify) when an app starts; that is most
 * of the start-up's CPU time. Several apps in one process (tests, a second instance beside the
 * first) would compile the same ~200 schemas again; with these they compile each one once.
 */
export const sharedSchemaCompilers: CompilersFactory = {
  buildValidator: pooled(
    AjvCompiler() as (externals: unknown, options: unknown) => Compile,
  ) as BuildValidator,
  buildSerializer: pooled(
    SerializerSelector() as (externals: unknown, options: unknown) => Compile,
  ) as BuildSerializer,
};
