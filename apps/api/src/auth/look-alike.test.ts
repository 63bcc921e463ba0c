import { describe, expect, it } from 'vitest';

import { confusableWith, usernameSkeleton } from './look-alike';

describe('usernameSkeleton (UTS #39)', () => {
  it('maps look-alike letters to the same skeleton', () => {
    expect(usernameSkeleton('\u0410dmin')).toBe(usernameSkeleton('admin'));
    expect(usernameSkeleton('rnike')).toBe(usernameSkeleton('mike'));
    expect(usernameSkeleton('alice1')).toBe(usernameSkeleton('alicel'));
  });

  it('keeps different names apart', () => {
    expect(usernameSkeleton('alice')).not.toBe(usernameSkeleton('alicia'));
  });
});

describe('confusableWith', () => {
  it('names the existing name a new one could be mistaken for', () => {
    expect(confusableWith('rnike', ['bob', 'mike'])).toBe('mike');
  });

  it('ignores the same name in another case (the unique index refuses that) and unrelated names', () => {
    expect(confusableWith('Mike', ['mike'])).toBeNull();
    expect(confusableWith('carol', ['bob', 'mike'])).toBeNull();
  });
});
