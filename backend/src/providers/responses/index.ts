export * from './responses-types';
export {
  responsesToChatRequest,
  ResponsesInputError,
  type ChatConversion,
  type Unconvertible,
} from './request-to-chat';
export { chatToResponse, responsesUsage } from './response-from-chat';
export { ChatStreamToResponses, responsesSse, type ResponsesEvent } from './stream-from-chat';
