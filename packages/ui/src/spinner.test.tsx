import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Spinner } from './spinner.tsx';

describe('Spinner', () => {
  it('is a status with an accessible label', () => {
    render(<Spinner label="Loading facilities" />);
    expect(screen.getByRole('status', { name: 'Loading facilities' })).toBeTruthy();
  });

  it('says Loading by default', () => {
    render(<Spinner />);
    expect(screen.getByRole('status', { name: 'Loading' })).toBeTruthy();
  });
});
