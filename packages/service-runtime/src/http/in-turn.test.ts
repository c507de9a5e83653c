import express, { type RequestHandler } from 'express';
import request from 'supertest';
import { inTurn } from './in-turn';

/** An app whose /api runs `handlers` in turn, then answers what they left in res.locals. */
function appWith(handlers: RequestHandler[]) {
  const app = express();
  app.use('/api', inTurn(handlers));
  app.get('/api/x', (_req, res) => void res.json({ seen: res.locals.seen ?? [] }));
  app.use(
    ((err, _req, res, _next) =>
      void res.status(500).json({ error: (err as Error).message })) as express.ErrorRequestHandler,
  );
  return app;
}

const mark =
  (name: string): RequestHandler =>
  (req, res, next) => {
    res.locals.seen = [...((res.locals.seen as string[]) ?? []), `${name} ${req.path}`];
    next();
  };

test('runs each handler in order, mounted once, then the routes after it', async () => {
  const res = await request(appWith([mark('a'), mark('b')]))
    .get('/api/x')
    .expect(200);
  expect(res.body.seen).toEqual(['a /x', 'b /x']);
});

test('an error passed, thrown or rejected skips the rest and reaches the error handler', async () => {
  const failing: RequestHandler[] = [
    (_req, _res, next) => next(new Error('pasado')),
    () => {
      throw new Error('lanzado');
    },
    async () => {
      throw new Error('rechazado');
    },
  ];
  for (const fail of failing) {
    const res = await request(appWith([fail, mark('nunca')]))
      .get('/api/x')
      .expect(500);
    expect(res.body.error).toMatch(/pasado|lanzado|rechazado/);
  }
});
