import { z } from 'zod';
import { idSchema } from '../ids';
import { maybe, numeric, text } from './common';

// Interface A: one prediction for a whole file (spec 2.1, statuses 7.1).

export const DETECTION_STATUSES = ['ok', 'invalid_file', 'no_audio', 'too_short', 'too_long', 'not_enough_music', 'not_found', 'error'] as const;
export const detectionStatusSchema = z.enum(DETECTION_STATUSES);
export type DetectionStatus = z.infer<typeof detectionStatusSchema>;

/** is_ai, ai_score and predicted_model come only with status ok; predicted_model may be null. */
export const detectionResultSchema = z.object({
  request_id: maybe(idSchema),
  status: detectionStatusSchema,
  message: text,
  is_ai: maybe(z.boolean()),
  ai_score: maybe(numeric),
  predicted_model: z
    .string()
    .nullish()
    .transform((value) => value ?? null),
  predicted_model_score: maybe(numeric),
});
export type DetectionResult = z.infer<typeof detectionResultSchema>;

/** The detector refuses files over 100 MB with HTTP 413. */
export const DETECTOR_MAX_FILE_BYTES = 100 * 1024 * 1024;
/** The constraints list says 30 s (the status table says 10 s); the UI warns below this. */
export const DETECTOR_MIN_SECONDS = 30;
export const DETECTOR_MAX_SECONDS = 15 * 60;
