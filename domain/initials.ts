/** The first letters of a name's first two words, upper case: 'Demo Fitness Group' → 'DF'. Avatars of people and studio groups without a picture show it. */
export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join('');
