/** The parts of an OpenAPI 3 document the endpoint reference reads. */
export interface OpenApiDocument {
  security?: readonly object[];
  paths: Record<string, Record<string, OpenApiOperation>>;
}

export interface OpenApiOperation {
  summary?: string;
  tags?: readonly string[];
  security?: readonly object[];
  parameters?: readonly { name: string; in: string; required?: boolean; schema?: { default?: unknown } }[];
  requestBody?: { content?: Record<string, unknown> };
  responses?: Record<string, unknown>;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

const HEADER = [
  '# crudboard HTTP API: endpoint reference',
  '',
  "<!-- Generated from the server's OpenAPI document by `npm run docs:api`; do not edit by hand.",
  '     A server test fails when this file and the routes disagree. -->',
  '',
  'Every endpoint the server registers, grouped by tag, with what it does, its parameters, the',
  'media types of its body and the status codes it documents. The rules behind them (paging,',
  'filters, keys, errors, permissions) are in [api.md](api.md); the full schemas are served at',
  '`/api/docs` (JSON) and `/api/docs/ui`.',
  '',
  'A parameter marked `*` is required; the others are optional or have a default; `(header)` marks a request header. "Session" says whether the endpoint needs a signed-in session.',
  '',
];

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** Path and query parameters, then the headers a route declares, marked `(header)`. */
const parametersOf = (operation: OpenApiOperation): string => {
  const parameters = operation.parameters ?? [];
  const named = (parameter: (typeof parameters)[number]) => {
    const required = parameter.required === true && parameter.schema?.default === undefined;
    return `\`${parameter.name}\`${required ? '*' : ''}`;
  };
  const names = parameters
    .filter((parameter) => parameter.in === 'query' || parameter.in === 'path')
    .map(named);
  const headers = parameters
    .filter((parameter) => parameter.in === 'header')
    .map((parameter) => `${named(parameter)} (header)`);
  return [...names, ...headers].join(', ');
};

const bodyOf = (operation: OpenApiOperation): string =>
  Object.keys(operation.requestBody?.content ?? {})
    .map((type) => `\`${type}\``)
    .join(', ');

const statusesOf = (operation: OpenApiOperation): string => Object.keys(operation.responses ?? {}).join(', ');

/**
 * The endpoint reference of an OpenAPI document as Markdown: one table per tag, endpoints in path
 * order, then method order. Pure: the same document always gives the same text.
 */
export const renderApiReference = (document: OpenApiDocument): string => {
  const byTag = new Map<string, string[]>();
  const publicByDefault = (document.security ?? []).length === 0;
  for (const path of Object.keys(document.paths).sort()) {
    const operations = document.paths[path] ?? {};
    for (const method of METHODS) {
      const operation = operations[method];
      if (!operation) continue;
      const tag = operation.tags?.[0] ?? 'other';
      const isPublic = operation.security ? operation.security.length === 0 : publicByDefault;
      const row = [
        `${method.toUpperCase()} \`${path}\``,
        cell(operation.summary ?? ''),
        parametersOf(operation),
        bodyOf(operation),
        isPublic ? 'no' : 'yes',
        statusesOf(operation),
      ];
      byTag.set(tag, [...(byTag.get(tag) ?? []), `| ${row.join(' | ')} |`]);
    }
  }
  const sections = [...byTag.keys()]
    .sort()
    .flatMap((tag) => [
      `## ${tag}`,
      '',
      '| Endpoint | What it does | Parameters | Body | Session | Statuses |',
      '| --- | --- | --- | --- | --- | --- |',
      ...(byTag.get(tag) ?? []),
      '',
    ]);
  return [...HEADER, ...sections].join('\n');
};
