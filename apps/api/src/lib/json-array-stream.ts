import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/**
 * A JSON array written as its items arrive, batch by batch: `[` … `]` with each item stringified
 * once. The spec's full lists keep their shape (one JSON array) for clients written to it, while
 * the server holds one batch at a time, whatever the branch's size. A failure mid-way destroys
 * the stream, so the client sees a cut connection, never a well-formed but partial array.
 */
function jsonArrayStream<T>(batches: AsyncIterable<T[]>): Readable {
  return Readable.from(
    (async function* () {
      yield '[';
      let first = true;
      for await (const batch of batches) {
        let chunk = '';
        for (const item of batch) {
          chunk += (first ? '' : ',') + JSON.stringify(item);
          first = false;
        }
        if (chunk) yield chunk;
      }
      yield ']';
    })(),
    { objectMode: false },
  );
}

/** Answers with the batches as one streamed JSON array (the route's response schema documents it). */
export function sendJsonArray<T>(reply: FastifyReply, batches: AsyncIterable<T[]>): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(jsonArrayStream(batches));
}
