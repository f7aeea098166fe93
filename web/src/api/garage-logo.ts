import { MESSAGES, ZErrorEnvelopeSchema, ZUpdateGarageLogoResponseSchema } from '@sh/shared/contract';
import { getAccessToken, refreshAccessTokenAfterUnauthorized } from '../auth/access-token';
import { ApiError } from './client';

/**
 * PUT garages/me/logo (docs/product.md#garage-profiles): the owner's logo, the file itself as the body. Not through
 * the JSON client (its body is an image), but with the same session: the bearer token, one refresh and retry after a
 * 401. A refusal (too large, not an image) is the server's error envelope as an ApiError. Loaded with the panel only.
 */
export async function uploadGarageLogo(file: Blob, fetchImpl: typeof fetch = globalThis.fetch): Promise<string> {
  const request = (token: string | null) =>
    fetchImpl('/api/v1/garages/me/logo', {
      method: 'PUT',
      headers: { 'Content-Type': file.type, ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: file,
    });
  let response: Response;
  try {
    const token = getAccessToken();
    response = await request(token);
    if (response.status === 401 && token) {
      const fresh = await refreshAccessTokenAfterUnauthorized();
      if (fresh) response = await request(fresh);
    }
  } catch {
    throw new ApiError({ status: 0, code: 'network_error', message: MESSAGES.platform.networkFailure });
  }
  const payload: unknown = await response.json().catch(() => null);
  if (response.ok) {
    const answer = ZUpdateGarageLogoResponseSchema.safeParse(payload);
    if (answer.success) return answer.data.data.logo_url;
  }
  const envelope = ZErrorEnvelopeSchema.safeParse(payload);
  if (envelope.success) throw new ApiError(envelope.data);
  throw new ApiError({ status: response.status, code: 'http_error', message: MESSAGES.platform.internal });
}
