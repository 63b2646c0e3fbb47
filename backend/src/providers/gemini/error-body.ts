/** google.rpc.Code names by HTTP status (https://ai.google.dev/gemini-api/docs/troubleshooting). */
const STATUS_BY_HTTP: Readonly<Record<number, string>> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ABORTED',
  413: 'INVALID_ARGUMENT',
  429: 'RESOURCE_EXHAUSTED',
  499: 'CANCELLED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
  504: 'DEADLINE_EXCEEDED',
};

export function geminiErrorStatus(status: number): string {
  return STATUS_BY_HTTP[status] ?? (status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT');
}

export interface GeminiErrorBody {
  error: { code: number; message: string; status: string };
}

/** The error object the Gemini API answers with. */
export function geminiErrorBody(status: number, message: string): GeminiErrorBody {
  return { error: { code: status, message, status: geminiErrorStatus(status) } };
}
