import { render } from '@testing-library/react';
import { LoaderCircleIcon } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { LoadingIcon } from './loading-icon.tsx';

function markupOf(element: React.ReactElement): string {
  const { container, unmount } = render(element);
  const markup = container.innerHTML;
  unmount();
  return markup;
}

describe('the loading icon', () => {
  it.each(['animate-spin', 'size-4 animate-spin'])('is lucide’s loader-circle, classes %s', (className) => {
    expect(markupOf(<LoadingIcon className={className} />)).toBe(
      markupOf(<LoaderCircleIcon aria-hidden="true" className={className} />),
    );
  });
});
