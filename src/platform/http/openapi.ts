import { z } from 'zod';
import { grants, staffRoles } from '../../shared/permissions.js';
import { httpStatusByCode, type ErrorCode } from '../../shared/errors.js';
import { impliedErrors, type RouteContract } from './contract.js';

/** A contract and where its router is mounted (`/api`, or '' for the app's own routes). */
export type MountedContract = { prefix: string; contract: RouteContract };

type JsonSchema = Record<string, unknown>;

/**
 * Requests are documented as they may be sent (`io: 'input'`: a defaulted field is optional, a
 * transform shows the text it reads), answers as they are written. Checks JSON Schema cannot say
 * (a refine, a transform's own refusal) are left out of the schema; their messages still come back
 * as http/validation issues.
 */
const toSchema = (schema: z.ZodType, io: 'input' | 'output'): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
};

/** `/products/:id` and `/uploads/:name{regex}` as OpenAPI writes them: `/products/{id}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)(\{(?:[^{}]|\{[^{}]*\})*\})?/g, '{$1}');

const pathParamNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1] as string);

const errorSchema = (codes: readonly ErrorCode[], extra: Record<string, z.ZodType>) =>
  z.object({
    error: z.object({
      code: z.enum(codes as [ErrorCode, ...ErrorCode[]]),
      message: z.string().meta({ description: 'For people; the code is for programs.' }),
      issues: z
        .array(z.object({ path: z.string(), message: z.string() }))
        .optional()
        .meta({ description: 'With http/validation: every problem, with the path of the field it concerns.' }),
      requestId: z.string().optional().meta({ description: 'With http/internal: the id of the request in the server log.' }),
      ...Object.fromEntries(Object.entries(extra).map(([name, schema]) => [name, schema.optional()])),
    }),
  });

function errorAnswers(contract: RouteContract) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set([...(contract.errors ?? []), ...impliedErrors(contract)])) {
    const status = httpStatusByCode[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, codes]) => [
      String(status),
      {
        description: codes.join(', '),
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds to wait before trying again.', schema: { type: 'integer' } } } } : {}),
        content: { 'application/json': { schema: toSchema(errorSchema(codes, contract.errorFields ?? {}), 'output') } },
      },
    ]),
  );
}

function operation({ contract }: MountedContract) {
  const parameters: JsonSchema[] = pathParamNames(contract.path).map((name) => {
    const schema = contract.params?.[name];
    return { name, in: 'path', required: true, schema: schema ? toSchema(schema, 'input') : { type: 'string' } };
  });
  if (contract.query) {
    const query = toSchema(contract.query, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      const { description, ...rest } = schema;
      parameters.push({ name, in: 'query', required: query.required?.includes(name) ?? false, ...(description ? { description } : {}), schema: rest });
    }
  }
  for (const [name, schema] of Object.entries(contract.headers ?? {})) {
    const { description, ...rest } = toSchema(schema, 'input');
    parameters.push({ name, in: 'header', required: false, ...(description ? { description } : {}), schema: rest });
  }

  let requestBody: JsonSchema | undefined;
  if (contract.body) requestBody = { required: true, content: { 'application/json': { schema: toSchema(contract.body, 'input') } } };
  if (contract.upload) {
    const { field, description } = contract.upload;
    requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', required: [field], properties: { [field]: { type: 'string', format: 'binary', description } } },
        },
      },
    };
  }

  const answers = Object.fromEntries(
    Object.entries(contract.answers).map(([status, answer]) => {
      if (!answer) return [status, { description: '' }];
      const headers = Object.entries(answer.headers ?? {}).map(([name, description]) => [name, { description, schema: { type: 'string' } }]);
      const content = answer.body
        ? { 'application/json': { schema: toSchema(answer.body, 'output') } }
        : answer.type
          ? { [answer.type]: { schema: { type: 'string' } } }
          : undefined;
      return [
        status,
        { description: answer.description, ...(headers.length ? { headers: Object.fromEntries(headers) } : {}), ...(content ? { content } : {}) },
      ];
    }),
  );

  return {
    tags: [contract.tag],
    summary: contract.summary,
    ...(contract.description ? { description: contract.description } : {}),
    ...(contract.access === 'public' ? {} : { security: [{ bearer: [] }] }),
    ...(contract.permission ? { 'x-permission': typeof contract.permission === 'string' ? [contract.permission] : [...contract.permission] } : {}),
    ...(parameters.length ? { parameters } : {}),
    ...(requestBody ? { requestBody } : {}),
    responses: { ...answers, ...errorAnswers(contract) },
  };
}

/** Who may call, in words: the staff routes name their permission and the roles that hold it. */
function accessNote(contract: RouteContract): string {
  switch (contract.access) {
    case 'public':
      return '';
    case 'user':
      return 'Signed-in users.';
    case 'identity':
      return 'A valid token, with or without a profile.';
    case 'staff': {
      const needs = typeof contract.permission === 'string' ? [contract.permission] : [...(contract.permission ?? [])];
      const holders = staffRoles.filter((role) => needs.some((need) => grants[role].includes(need)));
      return `Staff with the permission ${needs.join(' or ')} (roles: ${holders.join(', ')}).`;
    }
  }
}

/** The OpenAPI 3.1 document of every contract given, in their order. */
export function openApiDocument(info: { title: string; version: string; description: string }, routes: readonly MountedContract[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const path = openApiPath(route.prefix + route.contract.path);
    const op = operation(route);
    const note = accessNote(route.contract);
    paths[path] = { ...paths[path], [route.contract.method]: note ? { ...op, description: [note, op.description].filter(Boolean).join(' ') } : op };
  }
  return {
    openapi: '3.1.0',
    info,
    tags: [...new Set(routes.map((r) => r.contract.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: "The session token from POST /api/auth/login or /api/auth/signup (POST /api/jwt with Firebase sign-in), issued by this server, never by the browser. A guarded route answers 401 without a valid token (or for a deleted user) and 403 when the caller's role may not.",
        },
      },
    },
  };
}
