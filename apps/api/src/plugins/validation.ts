import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';
import { AppError, type ErrorDetail } from '../lib/app-error';

type Issue = z.core.$ZodIssue;

/** Where the invalid value was: 'body', 'querystring', 'params' or 'headers'. */
const contextLabels: Record<string, string> = {
  body: 'el cuerpo de la solicitud',
  querystring: 'los parámetros de búsqueda',
  params: 'la ruta',
  headers: 'los encabezados',
};

/**
 * Validates requests with the domain's zod schemas and answers a 400 whose details name every
 * invalid field. Unions (full update or status only) report the branch that came closest.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const nul = pathOfNulCharacter(data);
    if (nul !== null) {
      const message = `El campo ${nul || 'de la solicitud'} contiene caracteres no válidos`;
      return { error: new AppError(400, message, [{ field: nul, message }]) };
    }
    const result = schema.safeParse(data);
    if (result.success) return { value: result.data };
    const details = flattenIssues(schema instanceof z.ZodUnion ? closestOption(schema, data) : result.error.issues);
    const first = details[0];
    const where = contextLabels[httpPart ?? 'body'] ?? 'la solicitud';
    const message = first
      ? first.field
        ? `${first.field}: ${first.message}`
        : first.message
      : `Datos inválidos en ${where}`;
    return { error: new AppError(400, message, details) };
  };

/**
 * Where a string holds U+0000, which PostgreSQL refuses in text (it would be a 500 from SQL);
 * null when there is none.
 */
function pathOfNulCharacter(data: unknown): string | null {
  // Iterative, with parent links instead of copied paths: a deeply nested body costs linear time.
  interface Node {
    value: unknown;
    key: string;
    parent: Node | null;
  }
  const pending: Node[] = [{ value: data, key: '', parent: null }];
  while (pending.length > 0) {
    const node = pending.pop()!;
    if (typeof node.value === 'string') {
      if (node.value.includes('\u0000')) return pathOf(node);
    } else if (node.value !== null && typeof node.value === 'object') {
      for (const [key, child] of Object.entries(node.value)) pending.push({ value: child, key, parent: node });
    }
  }
  return null;

  function pathOf(node: Node): string {
    const keys: string[] = [];
    for (let current: Node | null = node; current?.parent; current = current.parent) keys.unshift(current.key);
    return keys.join('.');
  }
}

function flattenIssues(issues: readonly Issue[], prefix: PropertyKey[] = []): ErrorDetail[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      return flattenIssues(closestBranch(issue.errors), path);
    }
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ field: [...path, key].join('.'), message: 'Campo no permitido' }));
    }
    return [{ field: path.map(String).join('.'), message: issue.message }];
  });
}

/** zod reports a union's non-fatal branch alone; weigh every option's issues instead. */
function closestOption(schema: z.ZodUnion, data: unknown): Issue[] {
  const outcomes = schema.options.map((option) => (option as z.ZodType).safeParse(data).error?.issues ?? []);
  return closestBranch(outcomes);
}

/**
 * The union branch the client meant: one that accepted every key it sent (a body with more
 * than `status` is a full update), then the one with the fewest problems.
 */
function closestBranch(branches: Issue[][]): Issue[] {
  const score = (issues: Issue[]) => issues.length + (issues.some((i) => i.code === 'unrecognized_keys') ? 1000 : 0);
  return [...branches].sort((a, b) => score(a) - score(b))[0] ?? [];
}
