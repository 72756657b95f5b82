import { ApiError, apiUrl, extractServerMessage } from '@/lib/api-client';
import { readToken } from '@/lib/auth/token-storage';

/** Downloads a CSV export with the session's token, as a file named by the server. */
export async function downloadCSV(path: string): Promise<void> {
  const token = readToken();
  if (!token) throw new ApiError('No authentication token available', 'no_token');
  let res: Response;
  try {
    res = await fetch(apiUrl(path), { headers: { Authorization: `Bearer ${token}` } });
  } catch (err) {
    throw new ApiError(`Network error: ${(err as Error).message}`, 'network');
  }
  if (!res.ok) {
    const text = await res.text().catch(() => '');
    throw new ApiError(`HTTP error ${res.status}: ${text}`, res.status === 401 ? 'unauthorized' : 'http', res.status, extractServerMessage(text));
  }
  const name = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'production.csv';
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
