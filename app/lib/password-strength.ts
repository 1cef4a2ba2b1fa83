/**
 * Passwords of 12 characters or more that appear near the top of the published breach lists
 * (SecLists' 10-million list, NCSC's top 100,000): shorter ones are refused by length already.
 */
const COMMON_LONG_PASSWORDS = new Set([
  'password1234', 'password12345', 'password123456', 'password123!', 'password1234!', 'passwordpassword',
  '123456789012', '1234567890123', '12345678901234', '123456789123', '123123123123', '111111111111',
  '000000000000', '121212121212', '123412341234', '987654321098', 'qwertyuiopas', 'qwertyuiop123',
  'qwerty123456', 'qwertyqwerty', '1qaz2wsx3edc', '1q2w3e4r5t6y', 'q1w2e3r4t5y6', 'zaq12wsxcde3',
  'asdfghjkl123', 'asdfasdfasdf', 'iloveyou1234', 'iloveyouiloveyou', 'letmein12345', 'welcome12345',
  'welcome123456', 'administrator', 'administrator1', 'admin1234567', 'adminadmin123', 'changeme1234',
  'trustno1trustno1', 'monkey123456', 'dragon123456', 'football1234', 'baseball1234', 'superman1234',
  'sunshine1234', 'princess1234', 'starwars1234', 'whatever1234', 'abcdefghijkl', 'abc123abc123',
  'abcd1234abcd', 'mypassword123', 'mypassword1234', 'thisismypassword', 'correcthorsebatterystaple',
  'letmeinletmein', 'passw0rd1234', 'p@ssw0rd1234', 'p@ssword1234', 'pa$$word1234', 'secret123456',
  'computer1234', 'internet1234', 'football12345', 'michael12345', 'jennifer1234', 'liverpool123',
  'chelsea12345', 'arsenal12345', 'manchester12', 'basketball12', 'basketball123', 'yankees12345',
  'summer2024!!', 'winter2024!!', 'spring2024!!', 'autumn2024!!', 'qwerty1234567', 'azertyuiop12',
  'azerty123456', 'motdepasse123', 'motdepasse1234', 'soleil123456', 'bonjour12345', 'loveyou12345',
  'aaaaaaaaaaaa', 'zzzzzzzzzzzz', 'a1b2c3d4e5f6', 'changeme123!', 'welcome2024!', 'password2024',
  'password2025', 'password2026', 'Password123!', 'Password1234', 'Welcome123!!', 'atelier12345',
]);

/** Why this password is too weak, or null. `context` holds words the password must not simply be (email, name). */
export function passwordWeakness(password: string, context: readonly string[] = []): string | null {
  if (password.length < 12) return 'Password must be at least 12 characters';
  const lower = password.toLowerCase();
  if (COMMON_LONG_PASSWORDS.has(password) || COMMON_LONG_PASSWORDS.has(lower)) return 'This password is too common. Choose another one.';
  if (new Set(lower).size <= 2) return 'This password is too easy to guess. Choose another one.';
  const words = context.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 4);
  if (words.some((word) => lower === word || lower === word.split('@')[0])) return 'Your password must not be your name or email address.';
  return null;
}
