import type { MantineColor } from '@mantine/core';
import type { MatchCategory } from '../../api/schemas/discovery';

// Match categories of copies (spec 2.6), with the meaning shown on hover and a colour per kind:
// whole-asset copies stand out, snippets are quieter.

export const MATCH_CATEGORY_INFO: Record<MatchCategory, { label: string; meaning: string; color: MantineColor }> = {
  EC: { label: 'Exact copy', meaning: 'Exact copy: the entire asset was copied.', color: 'red' },
  FC: { label: 'Full copy', meaning: 'Full copy: more than 98% of the asset copied, copy has other content.', color: 'orange' },
  PC: { label: 'Partial copy', meaning: 'Partial copy: less than 98% of the asset copied, copy has other content.', color: 'yellow' },
  SN: { label: 'Snippet', meaning: 'Snippet: part of the asset copied, copy has other content.', color: 'grape' },
  SN30: { label: 'Snippet < 30 s', meaning: 'Snippet under 30 seconds.', color: 'violet' },
  SN10: { label: 'Snippet < 10 s', meaning: 'Snippet under 10 seconds.', color: 'indigo' },
  SN5: { label: 'Snippet < 5 s', meaning: 'Snippet under 5 seconds.', color: 'gray' },
};
