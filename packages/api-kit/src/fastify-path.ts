/** The contract's OpenAPI-style path (`/api/toys/{id}/`) as Fastify's route path (`/api/toys/:id/`). */
export const toFastifyPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');
