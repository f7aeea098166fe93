import { MESSAGES, RECORD_EXPORT_MESSAGES, ZErrorEnvelopeSchema, type TRecordExportFormat } from '@sh/shared/contract';
import { getAccessToken, refreshAccessTokenAfterUnauthorized } from '../auth/access-token';
import { ApiError } from './client';

/** A downloaded export: the file and the name the server gave it. */
export type TRecordExportFile = { blob: Blob; filename: string };

/**
 * GET service-records/export?format=csv|json (docs/product.md#exporting-the-records): the signed-in garage's records
 * as a file. Not through the JSON client (its answer is a file, not an envelope), but with the same session: the
 * bearer token, one refresh and retry after a 401. A refusal is the server's error envelope as an ApiError; a download
 * cut off part way fails as a whole, never as a shorter file. Loaded with the dashboard's export panel only.
 */
export async function downloadRecordExport(
  format: TRecordExportFormat,
  fetchImpl: typeof fetch = globalThis.fetch,
): Promise<TRecordExportFile> {
  const request = (token: string | null) =>
    fetchImpl(`/api/v1/service-records/export?format=${format}`, {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
    });
  try {
    const token = getAccessToken();
    let response = await request(token);
    if (response.status === 401 && token) {
      const fresh = await refreshAccessTokenAfterUnauthorized();
      if (fresh) response = await request(fresh);
    }
    if (!response.ok) throw await refusalOf(response);
    const disposition = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
    return { blob: await response.blob(), filename: disposition?.[1] ?? `wrenchmark-records.${format}` };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError({ status: 0, code: 'network_error', message: RECORD_EXPORT_MESSAGES.failed });
  }
}

async function refusalOf(response: Response): Promise<ApiError> {
  const envelope = ZErrorEnvelopeSchema.safeParse(await response.json().catch(() => null));
  if (envelope.success) return new ApiError(envelope.data);
  const message = response.status === 401 ? MESSAGES.platform.unauthorized : RECORD_EXPORT_MESSAGES.failed;
  return new ApiError({ status: response.status, code: 'http_error', message });
}

/** Hands a file to the browser to save, as a link with `download` would. */
export function saveFile({ blob, filename }: TRecordExportFile): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The browser has taken the file by the time this runs.
  window.setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
