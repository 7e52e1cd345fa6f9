import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingSkeleton } from './loading-skeleton.tsx';

describe('LoadingSkeleton', () => {
  it('is a busy status named after what is loading, with two list rows hidden from assistive technology', () => {
    render(<LoadingSkeleton label="Loading users" />);
    // A name on a plain div is prohibited ARIA (axe aria-prohibited-attr); the status role allows it.
    const skeleton = screen.getByRole('status', { name: 'Loading users' });
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
    expect(skeleton.children).toHaveLength(2);
    for (const row of skeleton.children) expect(row.getAttribute('aria-hidden')).toBe('true');
  });

  it('stacks one placeholder a class list, and passes attributes and classes on', () => {
    render(
      <LoadingSkeleton
        label="Loading the form"
        skeletons={['h-8 w-64', 'h-40']}
        className="gap-4"
        aria-busy="true"
      />,
    );
    const skeleton = screen.getByLabelText('Loading the form');
    expect([...skeleton.children].map((row) => row.className)).toEqual([
      expect.stringContaining('h-8 w-64'),
      expect.stringContaining('h-40'),
    ]);
    expect(skeleton.className).toBe('grid gap-4');
    expect(skeleton.getAttribute('aria-busy')).toBe('true');
  });
});
