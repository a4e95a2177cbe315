// The public surface of the API module. Pages and feature hooks import from here only.

export { ApiError, describeError, interfaceName, isApiError, type ApiErrorKind, type ApiInterface } from './errors';
export {
  clearBrowserApiKey,
  getBrowserApiKey,
  onUnauthorized,
  notifyUnauthorized,
  setBrowserApiKey,
  subscribeBrowserApiKey,
} from './auth';
export { asId, compareIds, idSchema, idToJson, isId, toId, type Id } from './ids';
export { parseJson, stringifyJson, LosslessNumber } from './json';
export {
  calendarDaySchema,
  isCalendarDay,
  localDay,
  parseWireDate,
  toCopiesStartParam,
  wireDateOrEmptySchema,
  wireDateSchema,
  wireDay,
} from './dates';
export { Pacer, type PacerOptions, type Priority } from './pacer';
export {
  apiSettings,
  configureApi,
  discoveryPacer,
  resetApiSettings,
  type ApiSettings,
  type ApiSettingsPatch,
  type DetectorRetrySettings,
  type DiscoveryRetrySettings,
  type Sleep,
} from './settings';
export { acquireDiscoverySlot, discoveryAuthHeaders, discoveryUrl, formatIssues, parseResponse, retryAfterMs } from './http';
export * from './discovery';
export { detectFile, detectUrl, type DetectOptions } from './detector';
export type { DetectorRetry } from './http';
export { checkSearch, listSandboxLookups, sandboxLookupSchema, type SandboxLookup } from './search';
export { getServerConfig } from './server';
export * from './pagination';
export * from './schemas/discovery';
export * from './schemas/detector';
export * from './schemas/search';
export { processingStatusSchema, mediaTypeSchema, matchTypeSchema, type MatchType, type MediaType, type ProcessingStatus } from './schemas/common';
export { serverConfigSchema, interfaceTargetSchema, type ServerConfig } from './schemas/config';
