import type { FastifySerializerCompiler } from 'fastify';

/**
 * A route's response serializer that writes its value with JSON.stringify, without the zod
 * check-and-copy (`safeEncode`) the app's serializer makes of every response. For hot routes
 * whose service builds the response object field by field from typed rows, so that nothing but
 * the schema's fields can be in it (issue 13: on the 50-row policy search the zod pass was ≈ 6 %
 * of the server's CPU under load, and its copies fed the garbage collector). The route keeps its
 * zod response schema for the OpenAPI document, and its tests parse the body with it.
 */
export const trustedJsonSerializer: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);
