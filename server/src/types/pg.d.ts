/** The part of `pg` used here (the package ships no types of its own). */
declare module 'pg' {
  type TypeParser = (value: string) => unknown;
  const pg: {
    types: { getTypeParser(oid: number, format?: 'text' | 'binary'): TypeParser };
  };
  export default pg;
}
