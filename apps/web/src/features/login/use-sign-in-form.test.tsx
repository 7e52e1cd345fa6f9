import { loginRequestSchema, type LoginRequest } from '@ecc/contracts';
import { FormField, Input } from '@ecc/ui';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiResponseError } from '#lib/api/api-response-error.ts';
import { useContractForm } from '#lib/forms/use-contract-form.ts';
import { checkSignIn, useSignInForm, type SignInErrors } from './use-sign-in-form.ts';

type Send = (request: LoginRequest) => Promise<void>;

interface FormView {
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => Promise<void>;
  username: object;
  password: object;
  errors: SignInErrors;
  formError: string | undefined;
  isSubmitting: boolean;
}

function SignInFormView({ view }: { view: FormView }) {
  return (
    <form noValidate onSubmit={(event) => void view.onSubmit(event)} aria-label="Sign in">
      {view.formError ? <p role="alert">{view.formError}</p> : null}
      <FormField label="Email" error={view.errors.username}>
        <Input {...view.username} />
      </FormField>
      <FormField label="Password" error={view.errors.password}>
        <Input type="password" {...view.password} />
      </FormField>
      <button type="submit" aria-busy={view.isSubmitting || undefined}>
        Sign in
      </button>
    </form>
  );
}

/** The form as every other form of the app is built: react-hook-form through `useContractForm`. */
function ContractSignInForm({ send }: { send: Send }) {
  const { form, submit, formError } = useContractForm<LoginRequest, LoginRequest>({
    schema: loginRequestSchema,
    defaultValues: { username: '', password: '' },
  });
  const { errors, isSubmitting } = form.formState;
  return (
    <SignInFormView
      view={{
        onSubmit: submit(send),
        username: form.register('username'),
        password: form.register('password'),
        errors: { username: errors.username?.message, password: errors.password?.message },
        formError,
        isSubmitting,
      }}
    />
  );
}

/** The sign-in page's form, without react-hook-form (decision 031). */
function LightSignInForm({ send }: { send: Send }) {
  const { field, onSubmit, errors, formError, isSubmitting } = useSignInForm(send);
  return (
    <SignInFormView
      view={{
        onSubmit,
        username: field('username'),
        password: field('password'),
        errors,
        formError,
        isSubmitting,
      }}
    />
  );
}

/** What a user notices: each field's message and invalid mark, the form's message, the focus, the busy button. */
function observe() {
  const field = (label: string) => {
    const control = screen.getByLabelText(label);
    const errorId = control.getAttribute('aria-describedby');
    return {
      message: errorId ? document.getElementById(errorId)?.textContent : undefined,
      isInvalid: control.getAttribute('aria-invalid') === 'true',
    };
  };
  return {
    email: field('Email'),
    password: field('Password'),
    formError: screen.queryByRole('alert')?.textContent,
    focused: document.activeElement?.getAttribute('name') ?? document.activeElement?.tagName,
    isBusy: screen.getByRole('button', { name: 'Sign in' }).getAttribute('aria-busy') === 'true',
  };
}

type Step = (user: ReturnType<typeof userEvent.setup>) => Promise<void>;

const type =
  (label: string, text: string): Step =>
  async (user) => {
    await user.type(screen.getByLabelText(label), text);
  };
const clear =
  (label: string): Step =>
  async (user) => {
    await user.clear(screen.getByLabelText(label));
  };
const submit: Step = async (user) => {
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
};

const badPassword = new ApiResponseError(400, 'Bad Request', {
  statusCode: 400,
  error: 'Bad Request',
  message: 'The password is not accepted',
  fieldErrors: { 'body/password': 'Must not be the realm name' },
});
const wrongCredentials = new ApiResponseError(401, 'Unauthorized', {
  statusCode: 401,
  error: 'Unauthorized',
  message: 'Invalid username or password',
});

interface Scenario {
  name: string;
  /** What the server answers to each request in turn: nothing (accepted) or the error it refuses with. */
  answers: (Error | undefined)[];
  steps: Step[];
}

const SCENARIOS: Scenario[] = [
  { name: 'typing before any submit', answers: [], steps: [type('Email', 'a'), clear('Email')] },
  {
    name: 'submitting empty, then correcting and emptying a field',
    answers: [],
    steps: [submit, type('Email', 'demo@example.com'), clear('Email'), type('Password', 'x')],
  },
  {
    name: 'a password alone',
    answers: [],
    steps: [type('Password', 'demo-password'), submit, type('Email', '  ')],
  },
  {
    name: 'signing in, the email trimmed',
    answers: [undefined],
    steps: [type('Email', '  demo@example.com '), type('Password', 'demo-password'), submit],
  },
  {
    name: 'the server refusing a field, then the field corrected',
    answers: [badPassword],
    steps: [type('Email', 'demo@example.com'), type('Password', 'demo'), submit, type('Password', '-2')],
  },
  {
    name: 'the server refusing the credentials, then accepting them',
    answers: [wrongCredentials, undefined],
    steps: [
      type('Email', 'demo@example.com'),
      type('Password', 'wrong'),
      submit,
      type('Password', '!'),
      submit,
    ],
  },
];

/** Runs a scenario on one form: what the user notices after each step, and what was sent. */
async function play(Form: typeof LightSignInForm, scenario: Scenario) {
  const sent: LoginRequest[] = [];
  const answers = [...scenario.answers];
  const send: Send = async (request) => {
    sent.push(request);
    const answer = answers.shift();
    if (answer) throw answer;
  };
  const user = userEvent.setup();
  const { unmount } = render(<Form send={send} />);
  const seen = [observe()];
  for (const step of scenario.steps) {
    await step(user);
    // react-hook-form focuses the first refused field again a moment after a refused submit.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    seen.push(observe());
  }
  unmount();
  return { seen, sent };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the sign-in form without react-hook-form', () => {
  it.each(SCENARIOS)('does what the react-hook-form form does: $name', async (scenario) => {
    const expected = await play(ContractSignInForm, scenario);
    const actual = await play(LightSignInForm, scenario);

    expect(actual).toEqual(expected);
  });

  it('asks for both fields, focusing the first, and sends nothing', async () => {
    const { seen, sent } = await play(LightSignInForm, { name: 'empty', answers: [], steps: [submit] });

    expect(seen.at(-1)).toEqual({
      email: { message: 'Required', isInvalid: true },
      password: { message: 'Required', isInvalid: true },
      formError: undefined,
      focused: 'username',
      isBusy: false,
    });
    expect(sent).toEqual([]);
  });

  it('puts the server’s refusal of a field on it and the rest above the form', async () => {
    const { seen } = await play(LightSignInForm, SCENARIOS[4] as Scenario);

    expect(seen[3]).toMatchObject({
      password: { message: 'Must not be the realm name', isInvalid: true },
      focused: 'password',
    });
    expect(seen[4]).toMatchObject({ password: { isInvalid: false } });
  });

  it('marks the button busy while the request is on its way', async () => {
    let answer: () => void = () => undefined;
    const user = userEvent.setup();
    render(<LightSignInForm send={() => new Promise<void>((resolve) => (answer = resolve))} />);
    await type('Email', 'demo@example.com')(user);
    await type('Password', 'demo-password')(user);
    await submit(user);

    expect(observe().isBusy).toBe(true);
    await act(async () => answer());
    expect(observe().isBusy).toBe(false);
  });

  it('checks with the contract: trimmed request, or the first problem of each field', () => {
    expect(checkSignIn({ username: ' demo@example.com ', password: 'pw' })).toEqual({
      isValid: true,
      request: { username: 'demo@example.com', password: 'pw' },
    });
    expect(checkSignIn({ username: ' ', password: '' })).toEqual({
      isValid: false,
      errors: { username: 'Required', password: 'Required' },
    });
  });
});
