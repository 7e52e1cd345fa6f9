import { BUTTON_SIZES, BUTTON_VARIANTS, type ButtonSize, type ButtonVariant } from '@ecc/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button.tsx';

const expectedVariantClass: Record<ButtonVariant, string> = {
  default: 'bg-primary',
  destructive: 'bg-destructive',
  outline: 'border-input',
  secondary: 'bg-secondary',
  warning: 'bg-warning',
  success: 'bg-success',
  ghost: 'hover:bg-accent',
  link: 'underline-offset-4',
};

const expectedSizeClass: Record<ButtonSize, string> = {
  xs: 'h-7',
  sm: 'h-8',
  default: 'h-9',
  lg: 'h-10',
  xl: 'h-12',
  icon: 'size-9',
};

describe('Button', () => {
  it.each(BUTTON_VARIANTS)('renders the %s variant with its colours', (variant) => {
    render(<Button variant={variant}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.classList).toContain(expectedVariantClass[variant]);
    expect(button.dataset.variant).toBe(variant);
  });

  it.each(BUTTON_SIZES)('renders the %s size', (size) => {
    render(<Button size={size}>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.classList).toContain(expectedSizeClass[size]);
    expect(button.dataset.size).toBe(size);
  });

  it('is a non-submitting button unless told otherwise', () => {
    render(
      <>
        <Button>Plain</Button>
        <Button type="submit">Send</Button>
      </>,
    );
    expect(screen.getByRole('button', { name: 'Plain' }).getAttribute('type')).toBe('button');
    expect(screen.getByRole('button', { name: 'Send' }).getAttribute('type')).toBe('submit');
  });

  it('marks itself busy and disabled while loading', () => {
    render(<Button isLoading>Save</Button>);
    const button = screen.getByRole('button', { name: 'Save' });
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);
  });

  it('lends its look to its child with asChild', () => {
    render(
      <Button asChild variant="outline" size="sm" className="w-full">
        <a href="/about">About</a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'About' });
    expect(link.classList).toContain('border-input');
    expect(link.classList).toContain('h-8');
    expect(link.classList).toContain('w-full');
  });
});
