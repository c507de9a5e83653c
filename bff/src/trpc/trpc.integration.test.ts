import request from 'supertest';
import { browserSignedInAs, guardianSession, staffSession } from '../test-support/session-fixture';
import { startTestBff, type TestBff } from '../test-support/test-bff';

let bff: TestBff;
beforeAll(async () => {
  bff = await startTestBff(); // every service down
});
afterAll(() => bff.close());

const batchGet = (procedures: string[], inputs: Record<number, unknown> = {}) =>
  `/api/trpc/${procedures.join(',')}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;

describe('tRPC over HTTP batch', () => {
  test('signed out: each call of the batch is UNAUTHORIZED, in Spanish', async () => {
    const res = await request(bff.app)
      .get(batchGet(['guardian.me', 'guardian.featuresToggle']))
      .expect(401);
    expect(res.body).toHaveLength(2);
    for (const [i, path] of ['guardian.me', 'guardian.featuresToggle'].entries())
      expect(res.body[i].error).toMatchObject({
        message: 'Inicia sesión para continuar.',
        data: { code: 'UNAUTHORIZED', httpStatus: 401, path, apiCode: 'UNAUTHENTICATED' },
      });
    expect(JSON.stringify(res.body)).not.toContain('stack');
  });

  test('staff are not guardians: FORBIDDEN', async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    const res = await agent.get(batchGet(['guardian.me'])).expect(403);
    expect(res.body[0].error.data.code).toBe('FORBIDDEN');
  });

  test('each procedure admits whom its definition admits, as the REST path does', async () => {
    const { agent } = await browserSignedInAs(bff, staffSession());
    // featuresToggle is familyOrStaff('member'): staff get through to enrolment (down here).
    const features = await agent.get(batchGet(['guardian.featuresToggle'])).expect(500);
    expect(features.body[0].error.data.apiCode).toBe('SERVICE_UNAVAILABLE');
    // guardian.me and verifyGuardians are family-only: the forbidden path.
    const family = await agent
      .get(batchGet(['guardian.me', 'guardian.verifyGuardians'], { 1: { guardianIds: ['g-1'] } }))
      .expect(403);
    for (const call of family.body)
      expect(call.error).toMatchObject({
        message: 'Tu cuenta no tiene acceso a esta sección.',
        data: { code: 'FORBIDDEN', apiCode: 'FORBIDDEN' },
      });
  });

  test('a service that is down: INTERNAL_SERVER_ERROR with its Spanish reason', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    const res = await agent.get(batchGet(['guardian.featuresToggle'])).expect(500);
    expect(res.body[0].error).toMatchObject({
      message: 'El servicio de inscripciones no está disponible. Intenta de nuevo en unos minutos.',
      data: { code: 'INTERNAL_SERVER_ERROR', apiCode: 'SERVICE_UNAVAILABLE' },
    });
  });

  test('bad input: BAD_REQUEST with the fields in Spanish', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    const res = await agent
      .get(batchGet(['guardian.verifyGuardians'], { 0: { guardianIds: [] } }))
      .expect(400);
    expect(res.body[0].error).toMatchObject({
      message: 'Revisa los datos enviados en la solicitud.',
      data: { code: 'BAD_REQUEST', apiCode: 'VALIDATION_FAILED' },
    });
    expect(res.body[0].error.data.details[0].path).toBe('guardianIds');
  });

  test('malformed batch input: a Spanish PARSE_ERROR/BAD_REQUEST, never a 500', async () => {
    const { agent, csrfToken } = await browserSignedInAs(bff, guardianSession());
    const get = await agent
      .get('/api/trpc/guardian.verifyGuardians?batch=1&input=%7Bnope')
      .expect(400);
    expect(get.body[0].error.message).toBe('La solicitud no es JSON válido.');
    const post = await agent
      .post('/api/trpc/guardian.openNotification?batch=1')
      .set('content-type', 'application/json')
      .set('x-csrf-token', csrfToken)
      .send('{nope')
      .expect(400);
    expect(post.body[0].error.message).toBe('La solicitud no es JSON válido.');
  });

  test('an unknown procedure: NOT_FOUND', async () => {
    const res = await request(bff.app)
      .get(batchGet(['guardian.nada']))
      .expect(404);
    expect(res.body[0].error.message).toBe('La operación solicitada no existe.');
  });
});

describe('tRPC mutations need the CSRF header', () => {
  const open = (agent: ReturnType<typeof request.agent>, token?: string) => {
    const req = agent
      .post('/api/trpc/guardian.openNotification?batch=1')
      .send({ 0: { notificationId: 'n-1' } });
    return token ? req.set('x-csrf-token', token) : req;
  };

  test('without it: FORBIDDEN / CSRF_INVALID', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    const res = await open(agent).expect(403);
    expect(res.body[0].error).toMatchObject({
      message: 'La sesión de seguridad expiró. Recarga la página e intenta de nuevo.',
      data: { code: 'FORBIDDEN', apiCode: 'CSRF_INVALID' },
    });
  });

  test('with it: the call gets through to notifications (down here)', async () => {
    const { agent, csrfToken } = await browserSignedInAs(bff, guardianSession());
    const res = await open(agent, csrfToken).expect(500);
    expect(res.body[0].error).toMatchObject({
      message:
        'El servicio de notificaciones no está disponible. Intenta de nuevo en unos minutos.',
      data: { apiCode: 'SERVICE_UNAVAILABLE' },
    });
  });

  test('a mutation cannot be sent as a GET', async () => {
    const { agent } = await browserSignedInAs(bff, guardianSession());
    await agent
      .get(batchGet(['guardian.openNotification'], { 0: { notificationId: 'n' } }))
      .expect(405);
  });
});
