import { preload } from 'react-dom';
import { MESSAGES, type TFieldError } from '@sh/shared/contract';
import { getAccessToken, refreshAccessTokenAfterUnauthorized } from '../auth/access-token';

/** Where the app's client asks the API. */
const API_BASE = '/api/v1';

/** A failed API call: the server's error envelope, or one we made up for a failure without one. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: readonly TFieldError[];

  constructor(options: { status: number; code: string; message: string; errors?: readonly TFieldError[] }) {
    super(options.message);
    this.name = 'ApiError';
    this.status = options.status;
    this.code = options.code;
    this.errors = options.errors ?? [];
  }
}

/** Anything with zod's safeParse: the response schemas of @sh/shared/contract. */
export type TResponseSchema<T> = {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
};

/**
 * A response schema loaded on first use (see ./response-schemas.ts): the code of the first page a visitor opens
 * then does not carry zod and the contract's schemas; they arrive with the first API answer that needs them.
 */
export type TLazyResponseSchema<T> = () => Promise<TResponseSchema<T>>;

/** A response schema, or one loaded on first use. */
export type TResponseSchemaArgument<T> = TResponseSchema<T> | TLazyResponseSchema<T>;

export type TRequestOptions = {
  signal?: AbortSignal;
  /** Extra request headers (an Idempotency-Key, say). */
  headers?: Readonly<Record<string, string>>;
  /**
   * For a request whose body carries the user's password: true when a 401 answers that password (it was
   * wrong), not the session. Such a 401 reaches the caller at once, without a session refresh and a second
   * try that would count as another wrong password.
   */
  isCredentialRejection?: (error: ApiError) => boolean;
};

export type TApiClientOptions = {
  /** Prefix of every path; the gateway's public API. */
  baseUrl?: string;
  /** Returns the bearer token to send, or null to send none. */
  getToken?: () => string | null | undefined;
  /**
   * Called once when a request that carried a token is answered 401: resolves to a fresh token to retry
   * the request with once, or null to give up (the 401 then reaches the caller).
   */
  onUnauthorized?: () => Promise<string | null>;
  fetch?: typeof fetch;
};

/** Methods for calling the JSON API; each resolves to the schema-checked success envelope. */
export type TApiClient = ReturnType<typeof createApiClient>;

/** Creates a client for the /api/v1 JSON API. */
export function createApiClient(options: TApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? API_BASE;
  const getToken = options.getToken ?? (() => null);

  async function request<T>(
    method: string,
    path: string,
    schema: TResponseSchemaArgument<T>,
    body: unknown,
    requestOptions: TRequestOptions,
    isRetryAfterRefresh = false,
  ): Promise<T> {
    const headers: Record<string, string> = { Accept: 'application/json', ...requestOptions.headers };
    const token = getToken();
    if (token) headers.Authorization = `Bearer ${token}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';

    const doFetch = options.fetch ?? globalThis.fetch;
    let response: Response;
    try {
      response = await doFetch(joinUrl(baseUrl, path), {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: requestOptions.signal,
      });
    } catch (error) {
      if (isAbortError(error)) throw error;
      throw new ApiError({ status: 0, code: 'network_error', message: MESSAGES.platform.networkFailure });
    }

    const payload = await readJson(response);
    if (!response.ok) {
      const error = await toApiError(response.status, payload);
      const isSessionRejection = response.status === 401 && !requestOptions.isCredentialRejection?.(error);
      if (isSessionRejection && token && options.onUnauthorized && !isRetryAfterRefresh) {
        const freshToken = await options.onUnauthorized();
        if (freshToken) return request(method, path, schema, body, requestOptions, true);
      }
      throw error;
    }

    const parsed = (await resolveSchema(schema)).safeParse(payload);
    if (!parsed.success) {
      throw new ApiError({ status: response.status, code: 'invalid_response', message: MESSAGES.platform.internal });
    }
    return parsed.data;
  }

  return {
    get: <T>(path: string, schema: TResponseSchemaArgument<T>, requestOptions: TRequestOptions = {}) =>
      request('GET', path, schema, undefined, requestOptions),
    post: <T>(path: string, body: unknown, schema: TResponseSchemaArgument<T>, requestOptions: TRequestOptions = {}) =>
      request('POST', path, schema, body, requestOptions),
    patch: <T>(path: string, body: unknown, schema: TResponseSchemaArgument<T>, requestOptions: TRequestOptions = {}) =>
      request('PATCH', path, schema, body, requestOptions),
    /** A DELETE may carry a JSON body (a withdrawal's reason); undefined sends none. */
    delete: <T>(
      path: string,
      body: unknown,
      schema: TResponseSchemaArgument<T>,
      requestOptions: TRequestOptions = {},
    ) => request('DELETE', path, schema, body, requestOptions),
  };
}

/**
 * The app's client: same-origin /api/v1, with the signed-in user's token when there is one; a 401 refreshes
 * the session once and retries.
 */
export const api = createApiClient({ getToken: getAccessToken, onUnauthorized: refreshAccessTokenAfterUnauthorized });

/**
 * Has the browser fetch a public GET answer as soon as it reads the page's HTML, before the page's script has run: the
 * page's own call to `path` (through `api`) then takes the answer already on its way, and is not sent again (issue
 * 26.4). Called while a page renders: the HTML the gateway renders carries it as `<link rel="preload" as="fetch">`
 * (react-dom's preload). Only for answers that are the same for every visitor.
 */
export function preloadPublicAnswer(path: string): void {
  preload(joinUrl(API_BASE, path), { as: 'fetch', crossOrigin: 'anonymous' });
}

function joinUrl(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** A lazy schema's module failing to load is a network failure like any other. */
async function resolveSchema<T>(schema: TResponseSchemaArgument<T>): Promise<TResponseSchema<T>> {
  if (typeof schema !== 'function') return schema;
  try {
    return await schema();
  } catch {
    throw new ApiError({ status: 0, code: 'network_error', message: MESSAGES.platform.networkFailure });
  }
}

/** The server's error envelope when it sent one; otherwise a message chosen by HTTP status. */
async function toApiError(status: number, payload: unknown): Promise<ApiError> {
  const envelope = (
    await resolveSchema(() => import('./response-schemas').then((schemas) => schemas.ZErrorEnvelopeSchema))
  ).safeParse(payload);
  if (envelope.success) {
    return new ApiError({
      status: envelope.data.status,
      code: envelope.data.code,
      message: envelope.data.message,
      errors: envelope.data.errors,
    });
  }
  return new ApiError({ status, code: 'http_error', message: messageForStatus(status) });
}

function messageForStatus(status: number): string {
  switch (status) {
    case 401:
      return MESSAGES.platform.unauthorized;
    case 403:
      return MESSAGES.platform.forbidden;
    case 404:
      return MESSAGES.platform.notFound;
    case 429:
      return MESSAGES.platform.rateLimited;
    case 502:
    case 504:
      return MESSAGES.platform.badGateway;
    case 503:
      return MESSAGES.platform.serviceUnavailable;
    default:
      return status >= 500 ? MESSAGES.platform.internal : MESSAGES.platform.invalidRequest;
  }
}

function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}
