/** An error the upstream reported inside a stream (Anthropic `error` event, Bedrock exception message...). */
export class ProviderStreamError extends Error {
  constructor(
    /** The provider's error type, e.g. "overloaded_error" or "throttlingException". */
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'ProviderStreamError';
  }
}

/** Input the converters cannot work with (bad channel key, malformed frame...). */
export class ProviderInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProviderInputError';
  }
}
