// Mantine's light variants of teal, orange and yellow put their text below 4.5:1 on their own tint.
// Badges and alert titles here keep the tint for the tone and the body text colour for the words.
export const readableText = { color: 'var(--mantine-color-text)' } as const;
export const readableAlert = { title: readableText } as const;
