import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { CronField, type CronFieldProps } from './cron-field.tsx';

function ControlledCronField(props: Omit<CronFieldProps, 'value' | 'onChange'> & { initialValue: string }) {
  const { initialValue, ...rest } = props;
  const [value, setValue] = useState(initialValue);
  return <CronField label="Schedule" value={value} onChange={setValue} {...rest} />;
}

function feedback(): HTMLElement {
  const input = screen.getByLabelText('Schedule');
  const region = document.getElementById(input.getAttribute('aria-describedby') ?? '');
  if (!region) throw new Error('The input names no feedback region');
  return region;
}

describe('CronField', () => {
  it('describes the schedule in a polite live region tied to the input', () => {
    render(<ControlledCronField initialValue="30 14 * * 1-5" />);
    expect(feedback().getAttribute('aria-live')).toBe('polite');
    expect(feedback().textContent).toBe('At 14:30, Monday through Friday');
    expect(screen.getByLabelText('Schedule').getAttribute('aria-invalid')).toBeNull();
  });

  it('updates the description as the user types', () => {
    render(<ControlledCronField initialValue="30 14 * * 1-5" />);
    fireEvent.change(screen.getByLabelText('Schedule'), { target: { value: '0 9 * * *' } });
    expect(feedback().textContent).toBe('At 09:00');
  });

  it('names the part that is out of range and marks the input invalid', () => {
    render(<ControlledCronField initialValue="0 24 * * *" />);
    expect(feedback().textContent).toBe('Hours: 24 is out of range 0-23');
    expect(screen.getByLabelText('Schedule').getAttribute('aria-invalid')).toBe('true');
  });

  it('lists every faulty part', () => {
    render(<ControlledCronField initialValue="61 25 * * *" />);
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Minutes: 61 is out of range 0-59',
      'Hours: 25 is out of range 0-23',
    ]);
  });

  it('uses the locale: 12-hour time in Korean', () => {
    render(<ControlledCronField initialValue="30 14 * * *" locale="ko" />);
    expect(feedback().textContent).toBe('오후 02:30');
  });

  it('says nothing while the field is empty', () => {
    render(<ControlledCronField initialValue="" />);
    expect(feedback().textContent).toBe('');
    expect(feedback().textContent).not.toContain('check the cron syntax');
  });

  it('reports each change to its owner', () => {
    const onChange = vi.fn();
    render(<CronField label="Schedule" value="" onChange={onChange} />);
    fireEvent.change(screen.getByLabelText('Schedule'), { target: { value: '* * * * *' } });
    expect(onChange).toHaveBeenCalledWith('* * * * *');
  });
});
