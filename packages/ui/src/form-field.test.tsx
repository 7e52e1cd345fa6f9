import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field.tsx';
import { Input } from './input.tsx';

describe('FormField', () => {
  it('labels its control and links the help text', () => {
    render(
      <FormField label="Email" description="We never share it.">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBeNull();
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'We never share it.',
    );
  });

  it('marks the control invalid and links the error after the help text', () => {
    render(
      <FormField label="Email" description="We never share it." error="Required">
        <Input />
      </FormField>,
    );
    const input = screen.getByLabelText('Email');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const described = (input.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['We never share it.', 'Required']);
  });

  it('uses the id it is given', () => {
    render(
      <FormField label="Name" id="realm-name">
        <Input />
      </FormField>,
    );
    expect(screen.getByLabelText('Name').id).toBe('realm-name');
  });
});
