import { z } from '@ecc/contracts';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiResponseError } from '../api/api-response-error.ts';
import { useContractForm } from './use-contract-form.ts';

/** Like a contract schema: a name, and an age between 0 and 150. */
const personSchema = z.object({
  name: z.string().trim().min(1, 'Required'),
  age: z.number().int().min(0).max(150),
});
type Person = z.infer<typeof personSchema>;

interface PersonFields {
  name: string;
  /** Typed as text; the request carries a number. */
  age: string;
}

const refusal = (status: number, body: object) =>
  new ApiResponseError(status, 'Refused', {
    statusCode: status,
    error: 'Refused',
    message: 'prose',
    ...body,
  });

function PersonForm({
  send,
  messageOf,
}: {
  send: (person: Person) => Promise<void>;
  messageOf?: (path: readonly string[], message: string, values: PersonFields) => string;
}) {
  const { form, submit, formError } = useContractForm<PersonFields, Person>({
    messageOf,
    schema: personSchema,
    defaultValues: { name: '', age: '' },
    toRequest: (values) => ({ name: values.name, age: values.age === '' ? undefined : Number(values.age) }),
    fieldOf: (path) => (path[0] === 'name' || path[0] === 'age' ? path[0] : undefined),
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;
  return (
    <form aria-label="Person" noValidate onSubmit={(event) => void submit(send)(event)}>
      {formError && <p role="alert">{formError}</p>}
      <label>
        Name
        <input {...register('name')} aria-invalid={errors.name ? true : undefined} />
      </label>
      {errors.name && <p>{errors.name.message}</p>}
      <label>
        Age
        <input {...register('age')} aria-invalid={errors.age ? true : undefined} />
      </label>
      {errors.age && <p>{errors.age.message}</p>}
      <button type="submit" aria-busy={isSubmitting}>
        Save
      </button>
    </form>
  );
}

const field = (name: string) => screen.getByRole('textbox', { name }) as HTMLInputElement;

describe('useContractForm', () => {
  it('checks the request the fields stand for with the schema, marks each field and sends nothing', async () => {
    const send = vi.fn(async () => {});
    render(<PersonForm send={send} />);
    await userEvent.type(field('Age'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Required')).toBeTruthy();
    expect(field('Name').getAttribute('aria-invalid')).toBe('true');
    expect(field('Age').getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field('Name')));
    expect(send).not.toHaveBeenCalled();
    await userEvent.type(field('Name'), 'Ada');
    await waitFor(() => expect(field('Name').getAttribute('aria-invalid')).toBeNull());
  });

  it('words a problem of the schema as messageOf says, with the values typed', async () => {
    render(
      <PersonForm
        send={vi.fn(async () => {})}
        messageOf={(path, message, values) => (path[0] === 'age' ? `${values.age}: ${message}` : message)}
      />,
    );
    await userEvent.type(field('Name'), 'Ada');
    await userEvent.type(field('Age'), '200');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/^200: /)).toBeTruthy();
  });

  it('sends the request the schema gave back', async () => {
    const send = vi.fn(async () => {});
    render(<PersonForm send={send} />);
    await userEvent.type(field('Name'), ' Ada ');
    await userEvent.type(field('Age'), '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(send).toHaveBeenCalledWith({ name: 'Ada', age: 36 }));
  });

  it("puts the server's field errors on their fields, the first focused, and the rest above the form", async () => {
    const send = vi.fn(async (_person: Person): Promise<void> => {
      throw refusal(409, {
        fieldErrors: {
          'body/age': 'Too old for this realm',
          'body/name': 'Ada is taken',
          'body/pet': 'No pets',
        },
      });
    });
    render(<PersonForm send={send} />);
    await userEvent.type(field('Name'), 'Ada');
    await userEvent.type(field('Age'), '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Ada is taken')).toBeTruthy();
    expect(screen.getByText('Too old for this realm')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('No pets');
    expect(document.activeElement).toBe(field('Age'));

    send.mockImplementation(async () => {});
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(screen.queryByText('Ada is taken')).toBeNull();
  });

  it('shows a failure that names no field, and never parses its prose', async () => {
    render(
      <PersonForm
        send={async () => {
          throw refusal(400, { message: 'body/name: prose is never parsed' });
        }}
      />,
    );
    await userEvent.type(field('Name'), 'Ada');
    await userEvent.type(field('Age'), '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe('body/name: prose is never parsed');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
  });

  it('is busy while the request runs', async () => {
    let finish = () => {};
    render(<PersonForm send={() => new Promise<void>((resolve) => (finish = resolve))} />);
    await userEvent.type(field('Name'), 'Ada');
    await userEvent.type(field('Age'), '36');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('true'),
    );
    finish();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Save' }).getAttribute('aria-busy')).toBe('false'),
    );
  });
});
