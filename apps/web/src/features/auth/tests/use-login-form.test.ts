import type { FormEvent } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { LoginRequest } from '@portal/domain';
import { useLoginForm } from '../form/use-login-form';

/** The hook with real inputs filled in, as the form's refs would hand them over. */
function filledForm(onValid: (values: LoginRequest) => Promise<void>) {
  const { result } = renderHook(() => useLoginForm(onValid, () => undefined));
  for (const [field, value] of [['email', 'admin@example.com'], ['password', 'Admin12345']] as const) {
    const input = document.createElement('input');
    input.value = value;
    result.current.register(field).ref(input);
  }
  const submit = () => result.current.handleSubmit({ preventDefault: () => undefined } as FormEvent<HTMLFormElement>);
  return submit;
}

describe('useLoginForm', () => {
  it('takes no second submit while the sign-in has not answered, even before a re-render, and takes one after', async () => {
    let answer: () => void = () => undefined;
    const onValid = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const submit = filledForm(onValid);

    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    // The sign-in is on its way and nothing has re-rendered: a second Enter is ignored.
    submit();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(onValid).toHaveBeenCalledTimes(1);
    expect(onValid).toHaveBeenCalledWith({ email: 'admin@example.com', password: 'Admin12345' });

    // Once it answered (a wrong password, say), the user may try again.
    answer();
    await new Promise((resolve) => setTimeout(resolve, 0));
    submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
  });
});
