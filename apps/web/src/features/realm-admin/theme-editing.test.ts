import { describe, expect, it } from 'vitest';
import {
  colorVariables,
  newTheme,
  pickerValue,
  slotLabel,
  withColor,
  withEmptyFieldsUnset,
  withoutTheme,
} from './theme-editing.ts';

const FIRST = newTheme('0b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90', 'First');
const SECOND = newTheme('1b6f6f7e-3c1d-4c8a-9a3e-5d2f1e4b7c90', 'Second');

describe('theme editing', () => {
  it('labels slots in words', () => {
    expect(slotLabel('primary')).toBe('Primary');
    expect(slotLabel('destructiveForeground')).toBe('Destructive foreground');
  });

  it('sets a colour, and leaves it out when emptied', () => {
    const colors = withColor({ primary: '#000' }, 'ring', '#fff');
    expect(colors).toEqual({ primary: '#000', ring: '#fff' });
    expect(withColor(colors, 'primary', '')).toEqual({ ring: '#fff' });
  });

  it('previews only the colours that are valid hex', () => {
    expect(colorVariables({ primary: '#7c3aed', ring: 'teal', mutedForeground: '#abc' })).toEqual({
      '--primary': '#7c3aed',
      '--muted-foreground': '#abc',
    });
  });

  it('gives the colour picker six digits, black when the text is no colour', () => {
    expect(pickerValue('#AbC')).toBe('#aabbcc');
    expect(pickerValue('#7c3aed')).toBe('#7c3aed');
    expect(pickerValue('teal')).toBe('#000000');
    expect(pickerValue(undefined)).toBe('#000000');
  });

  it('removes a theme with its selection and the paths that used it', () => {
    const settings = {
      themes: [FIRST, SECOND],
      selected: SECOND.id,
      overrides: [
        { path: '/reporting', selected: SECOND.id },
        { path: '/benchmarks', selected: FIRST.id },
      ],
    };
    expect(withoutTheme(settings, 1)).toEqual({
      themes: [FIRST],
      overrides: [{ path: '/benchmarks', selected: FIRST.id }],
    });
    expect(withoutTheme(settings, 0).selected).toBe(SECOND.id);
  });

  it('leaves empty texts unset and an empty position at the default', () => {
    const edited = { ...FIRST, logo: '', login: { logo: '', background: 'x.jpg', backgroundPosition: ' ' } };
    expect(withEmptyFieldsUnset({ themes: [edited], overrides: [] }).themes[0]).toEqual({
      ...FIRST,
      login: { background: 'x.jpg', backgroundPosition: 'right 10% center/50%' },
    });
  });
});
