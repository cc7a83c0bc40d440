import { describe, expect, it } from 'vitest';
import { ratingDialogText } from './ratings.ts';

describe('ratingDialogText', () => {
  it('speaks of the work when an engineer is rated, and of the projects when a client is', () => {
    const engineer = ratingDialogText('engineer', 'Ethan Engineer');
    const client = ratingDialogText('client', 'Claire Client');
    expect(engineer.description).toContain("Ethan Engineer's profile");
    expect(engineer.description).not.toContain('projects');
    expect(engineer.question).toContain("Ethan Engineer's work");
    expect(client.description).toContain('beside the projects Claire Client posts');
    expect(client.question).toContain('working for Claire Client');
  });
});
