/** Anthropic's error types by HTTP status (https://docs.anthropic.com/en/api/errors). */
const TYPE_BY_STATUS: Readonly<Record<number, string>> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  402: 'billing_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  503: 'overloaded_error',
  529: 'overloaded_error',
};

export function anthropicErrorType(status: number): string {
  return TYPE_BY_STATUS[status] ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
}

export interface AnthropicErrorBody {
  type: 'error';
  error: { type: string; message: string };
}

/** The error object Anthropic answers with (and sends as an `error` event inside a stream). */
export function anthropicErrorBody(status: number, message: string): AnthropicErrorBody {
  return { type: 'error', error: { type: anthropicErrorType(status), message } };
}
