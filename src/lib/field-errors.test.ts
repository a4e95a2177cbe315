import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { fieldErrorsFromZod, fieldOfMessage } from './field-errors';

describe('fieldOfMessage', () => {
  const fields = ['title', 'production_date', 'music.isrcs', 'music.iswcs', 'collection_ids', 'excluded_segments', 'media_type', 'match_types'];

  it('finds the field a platform message names', () => {
    expect(fieldOfMessage('Field production_date must be a real date in the form YYYY-MM-DD.', fields)).toBe('production_date');
    expect(fieldOfMessage('Field music.isrcs has an invalid entry "X" (expected the form GBNWR2600001).', fields)).toBe('music.isrcs');
    expect(fieldOfMessage('excluded_segments[1]: upper (400) is beyond the asset\'s duration of 300 s.', fields)).toBe('excluded_segments');
    expect(fieldOfMessage('Field collection_ids: collection 12 does not exist.', fields)).toBe('collection_ids');
  });

  it('prefers the longer, more precise name and does not match inside other words', () => {
    expect(fieldOfMessage('Field match_types must be an array', fields)).toBe('match_types');
    expect(fieldOfMessage('Field media_type is required', fields)).toBe('media_type');
    expect(fieldOfMessage('subtitle is too long', ['title'])).toBeNull();
  });

  it('returns null when no field is named', () => {
    expect(fieldOfMessage('Request body must be a JSON object.', fields)).toBeNull();
  });
});

describe('fieldErrorsFromZod', () => {
  it('keys messages by path and reports array entries on the array too', () => {
    const schema = z.object({ title: z.string().min(1, 'title is required'), music: z.object({ isrcs: z.array(z.string().min(3, 'too short')) }) });
    const result = schema.safeParse({ title: '', music: { isrcs: ['ok-value', 'x'] } });
    expect(result.success).toBe(false);
    if (result.success) return;
    expect(fieldErrorsFromZod(result.error)).toEqual({ title: 'title is required', 'music.isrcs.1': 'too short', 'music.isrcs': 'too short' });
  });
});
