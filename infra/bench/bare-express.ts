// The baseline: a bare Express endpoint answering a fixed JSON body of the same size as
// the measured call, in its own process like the BFF.
import express from 'express';

const body = process.env.BODY ?? '{}';
const app = express();
app.get('/bare', (_req, res) => {
  res.type('application/json').send(body);
});
const server = app.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ port: typeof address === 'object' && address ? address.port : 0 });
});
