/** A column default as crudboard stores and passes it: text, a number or a boolean (never an expression). */
export type DefaultLiteral = string | number | boolean;
