import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ZLookupResponseSchema } from '@sh/shared/contract';
import { ApiError, createApiClient } from '../src/api/client';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

async function captureError(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('createApiClient', () => {
  it('sends the bearer token when there is one, and JSON bodies with their content type', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(200, { status: 200, data: { serviceRecords: [] } }));
    const client = createApiClient({ getToken: () => 'token-123', fetch: fetchMock });

    await client.post('/service-records', { mileage: 1 }, ZLookupResponseSchema);

    const [url, init] = fetchMock.mock.calls[0] ?? [];
    const headers = init?.headers as Record<string, string>;
    expect(url).toBe('/api/v1/service-records');
    expect(init?.method).toBe('POST');
    expect(headers.Authorization).toBe('Bearer token-123');
    expect(headers['Content-Type']).toBe('application/json');
    expect(init?.body).toBe('{"mileage":1}');
  });

  it('sends no Authorization header when signed out', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(200, { status: 200, data: { serviceRecords: [] } }));
    const client = createApiClient({ getToken: () => null, fetch: fetchMock });

    await client.get('service-records/lookup/AB12CDE', ZLookupResponseSchema);

    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
  });

  it('turns an error envelope into an ApiError with its status, code, message and field errors', async () => {
    const envelope = {
      status: 400,
      code: 'validation_failed',
      message: MESSAGES.platform.invalidRequest,
      errors: [{ path: 'registration', message: MESSAGES.platform.registrationTooLong }],
    };
    const client = createApiClient({ fetch: vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(400, envelope)) });

    const error = await captureError(client.get('service-records/lookup/X', ZLookupResponseSchema));

    expect(error.status).toBe(400);
    expect(error.code).toBe('validation_failed');
    expect(error.message).toBe(MESSAGES.platform.invalidRequest);
    expect(error.errors).toEqual(envelope.errors);
  });

  it('answers a failure without an envelope with a message chosen by status', async () => {
    const client = createApiClient({
      fetch: vi.fn<typeof fetch>().mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 })),
    });
    const error = await captureError(client.get('anything', ZLookupResponseSchema));
    expect(error.status).toBe(502);
    expect(error.message).toBe(MESSAGES.platform.badGateway);
  });

  it('reports a network failure with a generic message', async () => {
    const client = createApiClient({
      fetch: vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    });
    const error = await captureError(client.get('anything', ZLookupResponseSchema));
    expect(error.status).toBe(0);
    expect(error.message).toBe(MESSAGES.platform.networkFailure);
  });

  it('rejects a success body that does not match the schema', async () => {
    const client = createApiClient({
      fetch: vi.fn<typeof fetch>().mockResolvedValue(jsonResponse(200, { status: 200, data: { records: 'nope' } })),
    });
    const error = await captureError(client.get('anything', ZLookupResponseSchema));
    expect(error.code).toBe('invalid_response');
  });

  it('sends extra headers given with the request', async () => {
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValue(jsonResponse(200, { status: 200, data: { serviceRecords: [] } }));
    const client = createApiClient({ getToken: () => 'token-123', fetch: fetchMock });

    await client.post('service-records', {}, ZLookupResponseSchema, { headers: { 'idempotency-key': 'key-12345678' } });

    const headers = fetchMock.mock.calls[0]?.[1]?.headers as Record<string, string>;
    expect(headers['idempotency-key']).toBe('key-12345678');
    expect(headers.Authorization).toBe('Bearer token-123');
  });

  it('refreshes the session once on a 401, unless the request says the 401 rejects its own credentials', async () => {
    const wrongPassword = { status: 401, code: 'password_mismatch', message: MESSAGES.submit.passwordMismatch };
    const onUnauthorized = vi.fn(async () => 'token-2');
    const fetchMock = vi.fn<typeof fetch>(async () => jsonResponse(401, wrongPassword));
    const client = createApiClient({ getToken: () => 'token-1', onUnauthorized, fetch: fetchMock });
    const isCredentialRejection = (error: ApiError) => error.code === 'password_mismatch';

    const rejected = await captureError(
      client.post('service-records', {}, ZLookupResponseSchema, { isCredentialRejection }),
    );
    expect(rejected.message).toBe(MESSAGES.submit.passwordMismatch);
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await captureError(client.post('service-records', {}, ZLookupResponseSchema));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });
});
