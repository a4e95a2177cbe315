import { z } from 'zod';

/** What one upstream interface of the proxy points at. */
export const interfaceTargetSchema = z.object({
  /** Human label of the target: "Sandbox" or the upstream host name. Never a secret. */
  target: z.string(),
  /** Whether an upstream URL was configured (false means the embedded sandbox). */
  configured: z.boolean(),
});

/** GET /api/config: how the Rights Desk server is connected. */
export const serverConfigSchema = z.object({
  platform: z.enum(['sandbox', 'platform']),
  /** True when the server holds the Discovery API key; the browser then never asks for one. */
  discoveryKeyOnServer: z.boolean(),
  interfaces: z.object({
    discovery: interfaceTargetSchema,
    detector: interfaceTargetSchema,
    search: interfaceTargetSchema,
  }),
  /** Files at or above this many bytes upload through v4 (tus); the spec's split is 2 GiB. */
  uploadV4ThresholdBytes: z.number().int().positive(),
  /** The sandbox's public demo API key, sent only when Discovery is the sandbox and the server holds no key. */
  sandboxDemoKey: z.string().optional(),
});

export type ServerConfig = z.infer<typeof serverConfigSchema>;
