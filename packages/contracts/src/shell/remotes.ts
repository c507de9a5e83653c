import { z } from 'zod';

/** Module Federation container names of the three remotes the shell mounts. */
export const REMOTE_NAMES = ['mfe_portal', 'mfe_dashboard', 'mfe_store'] as const;
export const remoteNameSchema = z.enum(REMOTE_NAMES);
export type RemoteName = z.infer<typeof remoteNameSchema>;

/**
 * One remote the shell registers at boot. `entry` is the URL of the remote's
 * `mf-manifest.json` (absolute, or a path on the BFF's origin), decided per deployment.
 */
export const remoteEntrySchema = z.object({ name: remoteNameSchema, entry: z.string().min(1) });
export type RemoteEntry = z.infer<typeof remoteEntrySchema>;

/** GET /api/remotes. */
export const remotesResponseSchema = z.object({ remotes: z.array(remoteEntrySchema) });
export type RemotesResponse = z.infer<typeof remotesResponseSchema>;
